import { describe, expectTypeOf, it } from 'vitest';
import type { RawRow } from './raw-row.js';
import type { deliveryRecipients } from './schema/delivery.js';

type Recipient = RawRow<typeof deliveryRecipients>;

describe('RawRow', () => {
  it('keys a row by the database column names, not the schema keys', () => {
    expectTypeOf<Recipient>().toHaveProperty('delivery_id');
    expectTypeOf<Recipient>().toHaveProperty('smtp_response');
    expectTypeOf<Recipient>().not.toHaveProperty('deliveryId');
  });

  it('types NOT NULL columns by their data and the others as nullable', () => {
    expectTypeOf<Recipient['delivery_id']>().toEqualTypeOf<number>();
    expectTypeOf<Recipient['subscriber_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Recipient['email']>().toEqualTypeOf<string>();
    expectTypeOf<Recipient['duplicate']>().toEqualTypeOf<boolean>();
    expectTypeOf<Recipient['lease_token']>().toEqualTypeOf<string | null>();
  });

  it('keeps a text enum as its union', () => {
    expectTypeOf<Recipient['state']>().toEqualTypeOf<
      'queued' | 'sending' | 'sent' | 'failed' | 'bounced' | 'skipped' | 'suppressed'
    >();
  });

  it('leaves out int8 and timestamp columns, whose raw value differs by driver', () => {
    expectTypeOf<Recipient>().not.toHaveProperty('id');
    expectTypeOf<Recipient>().not.toHaveProperty('locked_until');
    expectTypeOf<keyof Recipient>().toEqualTypeOf<
      | 'delivery_id'
      | 'subscriber_id'
      | 'email'
      | 'state'
      | 'attempts'
      | 'lease_token'
      | 'last_error'
      | 'message_id'
      | 'smtp_response'
      | 'duplicate'
    >();
  });
});
