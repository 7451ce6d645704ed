/**
 * `npm start`: builds the web client when it is missing or older than its sources, then starts
 * the portal. A second start with nothing changed skips the build.
 */
import { compilarWebSiHaceFalta } from './web-compilada';

await compilarWebSiHaceFalta();
await import('../src/server/main');
