/**
 * The subscribers feature's public surface: what the app's composition (server/app.ts) and
 * other features may use (deliveries' test messages look a subscriber up through the
 * repository). Everything else in this folder is the feature's own (docs/architecture.md §2).
 */
export {
  gateSubscriberPageSteps,
  prepareSubscriberPages,
  subscriberPagesPrepared,
} from './page-blocks.js';
export { subscribersRepository } from './repository.js';
