/**
 * The API process's entry point (`npm start`, `npm run dev`, the Docker image): the API with the jobs
 * runtime of the workers package, inline unless REDIS_URL is set. It sits above both packages so that
 * neither imports the other back.
 */
import { startApi } from '@onair/api';
import { composeJobs } from '@onair/workers';

startApi(composeJobs);
