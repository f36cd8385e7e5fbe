import type { PersonDataSource } from '../source.js';
import { automationRunsSource } from './automations.js';
import { historySource } from './history.js';
import { importFilesSource } from './imports.js';
import { messagesSource } from './messages.js';
import { outboxSource } from './outbox.js';
import { subscriptionsSource } from './subscriptions.js';
import { mailBudgetsSource } from './mail-budgets.js';
import { bouncesSource, clicksSource, complaintsSource, opensSource } from './tracking.js';
import { webhookEventsSource } from './webhooks.js';

/**
 * Every kind of a person's data (issue 53): a new table holding personal data adds its
 * source here (the erasure-trace test fails until it does). Erasure runs them in this
 * order: hits are found through the send log before it is de-identified, automation runs
 * end before the records go (the delete would end them with the address), and webhook
 * events go after every write that may have queued one. person.json has its sections in
 * the same order.
 */
export const personDataSources: readonly PersonDataSource[] = [
  opensSource,
  clicksSource,
  bouncesSource,
  complaintsSource,
  messagesSource,
  outboxSource,
  automationRunsSource,
  historySource,
  subscriptionsSource,
  importFilesSource,
  webhookEventsSource,
  mailBudgetsSource,
];
