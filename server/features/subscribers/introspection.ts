import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  subscriptionStates,
  type FieldDescriptor,
  type SubscribersIntrospection,
} from '../../../contract/subscribers.js';
import type { FieldRow } from '../fields/index.js';
import type { ListInfo } from './repository.js';

const readOnly = (type: FieldDescriptor['type'], label: string): FieldDescriptor => ({
  type,
  required: false,
  read_only: true,
  label,
});

const writable = (
  type: FieldDescriptor['type'],
  label: string,
  extra: Partial<FieldDescriptor> = {},
): FieldDescriptor => ({ type, required: false, read_only: false, label, ...extra });

/**
 * `OPTIONS …/subscribers`, shaped like Django REST framework's SimpleMetadata: every field
 * of a subscriber in `actions.POST`, read-only ones and the list's custom fields included.
 */
export function describeSubscribers(
  list: ListInfo,
  fields: readonly FieldRow[],
): SubscribersIntrospection {
  const POST: Record<string, FieldDescriptor> = {
    id: readOnly('integer', 'ID'),
    create_datetime: readOnly('datetime', 'Create datetime'),
    create_user: readOnly('field', 'Create user'),
    update_datetime: readOnly('datetime', 'Update datetime'),
    update_user: readOnly('field', 'Update user'),
    subscription: {
      ...readOnly('string', 'Subscription'),
      help_text: `One of ${subscriptionStates.join(', ')}.`,
    },
    email: writable('email', 'Email', { required: true, max_length: EMAIL_MAX_LENGTH }),
    first_name: writable('string', 'First name', { max_length: NAME_MAX_LENGTH }),
    last_name: writable('string', 'Last name', { max_length: NAME_MAX_LENGTH }),
    gender: writable('choice', 'Gender', {
      choices: [
        { display_name: 'Unknown', value: '' },
        { display_name: 'Male', value: 'm' },
        { display_name: 'Female', value: 'f' },
      ],
    }),
    date_of_birth: writable('date', 'Date of birth'),
    language: writable('string', 'Language', {
      max_length: 2,
      help_text: `ISO-639-1 code, one of the list's languages: ${list.languages.join(', ')}.`,
    }),
    region: writable('string', 'Region', {
      help_text: 'ISO-3166-1 country code or ISO-3166-2 subdivision code.',
    }),
  };
  for (const field of fields) {
    POST[field.name] = writable(field.type, field.label, {
      required: field.required,
      ...(field.type === 'string' && field.maxLength != null
        ? { max_length: field.maxLength }
        : {}),
      ...(field.type === 'email' ? { max_length: EMAIL_MAX_LENGTH } : {}),
      ...(field.type === 'choice'
        ? {
            choices: (field.choices ?? []).map((c) => ({
              display_name: c.display_name,
              value: c.value,
            })),
          }
        : {}),
      ...(field.helpText ? { help_text: field.helpText } : {}),
    });
  }
  return {
    name: 'Subscriber List',
    description: 'The subscribers of a list.',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
    actions: { POST },
  };
}
