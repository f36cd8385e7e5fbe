import { z } from 'zod';
import { envelope } from '../../contract/common';
import {
  deliveryRates,
  deliveryRecipient,
  deliveryStatus,
  testSendResult,
  type DeliveryAction,
  type DeliveryProgress,
  type DeliveryRecipient,
  type DeliveryStatus,
  type DeliveryStatusRecord,
  type RecipientState,
  type TestMessageWrite,
  type TestSendWrite,
} from '../../contract/deliveries';
import { extension, requestParsed } from './client';

export type {
  DeliveryAction,
  DeliveryProgress,
  DeliveryRecipient,
  DeliveryStatus,
  RecipientState,
  TestSendWrite,
};
/** A delivery with its status and progress (the extension's view of it). */
export type DeliveryState = DeliveryStatusRecord;

const deliveryList = z.array(deliveryStatus);
const recipientPage = envelope(deliveryRecipient);

/**
 * A mailing's deliveries with their progress: our extension. Another deployment of the API
 * answers 404 for this path: the mailing page then shows what the spec gives (the
 * scheduled times of each variant). Called only for a mailing the page just loaded.
 */
export const getMailingDeliveries = (mailingId: number, signal?: AbortSignal) =>
  extension('deliveries', () =>
    requestParsed(deliveryList, `/mailings/${mailingId}/deliveries`, { signal }),
  );

export const getDeliveryRecipients = (
  id: number,
  query: { state?: RecipientState; page?: number },
  signal?: AbortSignal,
) => requestParsed(recipientPage, `/deliveries/${id}/recipients`, { query, signal });

/**
 * Complaint and hard-bounce rates against the brake's lines, by recipient domain (extension,
 * issue 52): `{supported: false}` on servers without it.
 */
export const getDeliveryRates = (id: number, signal?: AbortSignal) =>
  extension('delivery-rates', () =>
    requestParsed(deliveryRates, `/deliveries/${id}/rates`, { signal }),
  );

/** 400 `{detail}` when the action does not apply to the delivery's status (any more). */
export const changeDelivery = (id: number, action: DeliveryAction) =>
  requestParsed(deliveryStatus, `/deliveries/${id}/${action}`, { method: 'POST' });

/** 202 with the test message's Message-ID; 400 field errors (`email`, `variant`). */
export const sendTestMessage = (mailingId: number, body: TestSendWrite) =>
  requestParsed(testSendResult, `/mailings/${mailingId}/test`, { method: 'POST', body });

export const TEST_MESSAGES_EXTENSION = 'test-messages';

/**
 * Extension: a test of a variant that is not stored yet (the composer), 202 with its
 * Message-ID; 400 field errors (`email`, `subscriber`, `variant.…`). `{supported: false}`
 * where the service only tests stored mailings.
 */
export const sendDraftTest = (listId: number, body: TestMessageWrite) =>
  extension(TEST_MESSAGES_EXTENSION, () =>
    requestParsed(testSendResult, `/lists/${listId}/test-messages`, { method: 'POST', body }),
  );
