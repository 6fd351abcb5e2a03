/**
 * What every education invitation link is made of: a random token the link carries, stored only as its
 * hash (a leaked table opens no invitation), and the app's page that reads it.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Accounts created by an import cannot sign in until their owner accepts the invitation. */
export const INVITED_PASSWORD_HASH = '!invited';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newToken = () => randomBytes(18).toString('base64url');

/** The invitation screen (`/invitation/{token}`) at the address this server is reached at. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/invitation/${token}`;
