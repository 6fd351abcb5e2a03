export * from './constants.ts';
export * from './entities.ts';
export * from './rooms.ts';
export * from './events.ts';
export * from './api/auth.ts';
export * from './api/content.ts';
export * from './api/analytics.ts';
export * from './api/public.ts';
