import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { suppressErased } from '../suppressions/index.js';
import type { ErasureResult } from '../../../contract/person-data.js';
import { subscriptionsOf, type Subscription } from './person.js';
import { addressPattern, type ErasedPerson } from './source.js';
import { personDataSources } from './sources/index.js';

/**
 * Erases a person in one transaction (issue 53): every source deletes or de-identifies its
 * rows, then the address goes on the suppression list as a salted hash only, so imports and
 * the API refuse it. All or nothing: a failure leaves every row as it was.
 */
export async function erasePerson(
  db: Db,
  email: string,
  authorize: (subscriptions: Subscription[]) => void,
): Promise<ErasureResult> {
  const reference = `erased:${randomBytes(8).toString('hex')}`;
  const removed: Record<string, number> = {};
  let lists = 0;
  await db.transaction(async (tx) => {
    // Read and checked in the transaction that erases: what is checked is what goes.
    const subscriptions = await subscriptionsOf(tx, email);
    authorize(subscriptions);
    lists = new Set(subscriptions.map((s) => s.listId)).size;
    const person: ErasedPerson = {
      email,
      subscriberIds: subscriptions.map((s) => s.id),
      listIds: null,
      pseudonym: reference,
    };
    for (const source of personDataSources)
      removed[source.section] = await source.erase(tx, person);
    await suppressErased(tx, email, reference);
  });
  return { reference, lists, removed };
}

/** The audit log's words for an erasure: the reason as typed, with the address taken out. */
export function erasureDetail(email: string, result: ErasureResult, reason: string) {
  const clean = reason.replace(new RegExp(addressPattern(email), 'gi'), '[erased]');
  const lists = result.lists === 1 ? '1 list' : `${result.lists} lists`;
  return `Erased a person from ${lists}, reference ${result.reference}. Reason: ${clean}`;
}
