export { buildServer, type ServerDeps } from './server.ts';
export { loadConfig, type AppConfig } from './config.ts';
export { startApi } from './start.ts';
