import { setImmediate as nextTick } from 'node:timers/promises';
import { loadSnapshot, storeRecommendations, usersToRefresh } from '../engines/recommendations/data.ts';
import { buildModel, recommendFor } from '../engines/recommendations/model.ts';
import type { Processor } from './types.ts';

/** Recommendations kept per user. */
export const RECOMMENDATIONS_PER_USER = 10;

/**
 * Recomputes stored lists: one user's, or every user with a signal. Each list is replaced in one
 * transaction, so a retry rewrites the same rows instead of adding to them.
 */
export const recommendationsProcessor: Processor<'recommendations'> = async (payload, ctx) => {
  await ctx.progress(5, 'Reading views and likes');
  const now = Date.now();
  const model = buildModel(await loadSnapshot(ctx.db, now));
  await ctx.progress(30, 'Built the co-watching graph');
  const users = 'userId' in payload ? [payload.userId] : await usersToRefresh(ctx.db, now);
  let stored = 0;
  for (let i = 0; i < users.length; i++) {
    const userId = users[i]!;
    const { basis, items } = recommendFor(model, `u:${userId}`, RECOMMENDATIONS_PER_USER);
    await storeRecommendations(ctx.db, userId, basis, items, now);
    stored += items.length;
    if (users.length > 1 && i % 25 === 24) {
      await ctx.progress(30 + (65 * (i + 1)) / users.length, `Updated ${i + 1} of ${users.length} users`);
      // Many users in one job: let other work (the API's requests, in the inline driver) run between them.
      await nextTick();
    }
  }
  return { users: users.length, recommendations: stored };
};
