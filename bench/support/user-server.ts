/*
 * A Mailboard server as a user runs it (`npm start` without the SPA build): server/main.ts
 * with its configuration from the environment the bench gives this process.
 */
import { main } from '../../server/main.js';

await main();
