/**
 * A scheduled class or service goes live through the creator tools: the teacher's (or pastor's)
 * Creator Studio configuration takes the session's title and starts, which makes the live content
 * item viewers open at /watch/{contentId}. Stopping is the Studio's Stop Stream, as for any broadcast.
 */
import type { FastifyInstance } from 'fastify';
import { StreamConfigRequestSchema } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { findConfig, saveConfig } from '../streaming/config.ts';
import { startStream } from '../streaming/streams.ts';

export async function goLive(app: FastifyInstance, user: UserRow, title: string, description: string): Promise<{ contentId: number; streamId: number }> {
  if (user.role !== 'creator' && user.role !== 'admin') {
    throw forbidden('Going live needs a creator account: contact an administrator to upgrade your account to creator status.');
  }
  const db = app.db.kysely;
  let config = await findConfig(db, user.id);
  if (config) {
    const live = await db.selectFrom('streams').select('id').where('configId', '=', config.id).where('endedAt', 'is', null).executeTakeFirst();
    if (live) throw conflict('You are already live: stop your current stream in Creator Studio first');
    await db.updateTable('streamConfigs').set({ title, description, updatedAt: Date.now() }).where('id', '=', config.id).execute();
  } else {
    config = await saveConfig(db, user.id, StreamConfigRequestSchema.parse({ title, description }), app.config.sessionSecret);
  }
  const started = await startStream(app, user, config.id);
  return { contentId: started.contentId, streamId: started.streamId };
}
