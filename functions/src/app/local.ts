/**
 * The local cloud from the sources (through tsx: the browser and integration tests, `npm run dev:api`);
 * `npm start` runs the same `runLocalCloud` from a bundle and builds the web app beside it (functions/start.mjs).
 */
import { runLocalCloud } from './local-main';

await runLocalCloud();
