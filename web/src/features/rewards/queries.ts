/** The signed-in person's points, level and achievements (GET /api/user/gamification). */
import { queryOptions } from '@tanstack/react-query';
import type { GamificationResponse } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const rewardQueries = {
  gamification: () =>
    queryOptions({
      queryKey: ['/api/user/gamification'],
      queryFn: () => apiRequest<GamificationResponse>('GET', '/api/user/gamification'),
    }),
};
