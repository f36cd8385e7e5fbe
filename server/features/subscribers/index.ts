/**
 * The subscribers feature's public surface: what the app's composition (server/app.ts) may
 * use. Everything else in this folder is the feature's own (docs/architecture.md §2).
 */
export {
  gateSubscriberPageSteps,
  prepareSubscriberPages,
  subscriberPagesPrepared,
} from './page-blocks.js';
