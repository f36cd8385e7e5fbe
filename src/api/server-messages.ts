import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The server's English texts the dashboard knows (issue 55): DRF's standard details, the
 * contract's zod messages (contract/messages.ts) and the frequent ones of server/. Shown in
 * the active locale where known; any other text passes through as the server wrote it.
 */
const known: Record<string, MessageDescriptor> = {
  'This field is required.': msg`This field is required.`,
  'This field may not be blank.': msg`This field may not be blank.`,
  'This field may not be null.': msg`This field may not be null.`,
  'This list may not be empty.': msg`This list may not be empty.`,
  'Enter a valid email address.': msg`Enter a valid email address.`,
  'Enter a valid URL.': msg`Enter a valid URL.`,
  'Not a valid string.': msg`Not a valid string.`,
  'A valid integer is required.': msg`A valid integer is required.`,
  'Must be a valid boolean.': msg`Must be a valid boolean.`,
  'Invalid value.': msg`Invalid value.`,
  'Unknown field.': msg`Unknown field.`,
  'Null characters are not allowed.': msg`Null characters are not allowed.`,
  'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.': msg`Date has wrong format. Use one of these formats instead: YYYY-MM-DD.`,
  'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]]Z.': msg`Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]]Z.`,
  'Not found.': msg`Not found.`,
  'Invalid page.': msg`Invalid page.`,
  'Not allowed.': msg`Not allowed.`,
  'You do not have permission to perform this action.': msg`You do not have permission to perform this action.`,
  'Authentication credentials were not provided.': msg`Authentication credentials were not provided.`,
  'Missing or invalid credentials.': msg`Missing or invalid credentials.`,
  'Invalid username/password.': msg`Invalid username/password.`,
  'Invalid or expired session.': msg`Invalid or expired session.`,
  'User inactive or deleted.': msg`User inactive or deleted.`,
  'Too many failed sign-ins from this client.': msg`Too many failed sign-ins from this client.`,
  'The code is not correct.': msg`The code is not correct.`,
  'The sign-in has expired. Enter your password again.': msg`The sign-in has expired. Enter your password again.`,
  'This link is invalid, used or expired.': msg`This link is invalid, used or expired.`,
  'If this address belongs to a user, a link to reset the password is on its way.': msg`If this address belongs to a user, a link to reset the password is on its way.`,
  'You may only read this list.': msg`You may only read this list.`,
  'Your access is limited to some lists: this needs access to every list.': msg`Your access is limited to some lists: this needs access to every list.`,
  'Your access is limited to some lists: you can only give access to those lists.': msg`Your access is limited to some lists: you can only give access to those lists.`,
  'Your role requires two-factor sign-in: set it up on the Security screen before anything else.': msg`Your role requires two-factor sign-in: set it up on the Security screen before anything else.`,
  'Two-factor sign-in is already on; turn it off first.': msg`Two-factor sign-in is already on; turn it off first.`,
  'The last active admin cannot be demoted.': msg`The last active admin cannot be demoted.`,
  'This role is given to users: give them another first.': msg`This role is given to users: give them another first.`,
  'A field with this name already exists.': msg`A field with this name already exists.`,
  'The expiry must be in the future.': msg`The expiry must be in the future.`,
  'The submitted file is empty.': msg`The submitted file is empty.`,
  'The file is not a valid zip archive.': msg`The file is not a valid zip archive.`,
  'The zip archive is empty.': msg`The zip archive is empty.`,
  'Request entity too large.': msg`Request entity too large.`,
  'A server error occurred.': msg`A server error occurred.`,
  'The upstream API could not be reached.': msg`The upstream API could not be reached.`,
  'The database cannot be reached right now. Try again in a moment.': msg`The database cannot be reached right now. Try again in a moment.`,
  'Only a paused delivery can be resumed.': msg`Only a paused delivery can be resumed.`,
  'This delivery has no failed recipients to retry.': msg`This delivery has no failed recipients to retry.`,
  'This import is already undone (or being undone).': msg`This import is already undone (or being undone).`,
  'This address is on the suppression list.': msg`This address is on the suppression list.`,
  'Give either an email address or a domain.': msg`Give either an email address or a domain.`,
  'Give either minutes or until.': msg`Give either minutes or until.`,
  'Not a known IANA time zone (e.g. "Europe/Paris" or "UTC").': msg`Not a known IANA time zone (e.g. "Europe/Paris" or "UTC").`,
};

type Pattern = [RegExp, (groups: string[]) => string];

/** Texts with a number or a name in them (DRF's and the contract's). */
const patterns: Pattern[] = [
  [
    /^Request was throttled\. Expected available in (\d+) seconds?\.$/,
    ([seconds = '']) =>
      i18n._(msg`Request was throttled. Expected available in ${seconds} seconds.`),
  ],
  [
    /^Ensure this field has no more than (\d+) characters\.$/,
    ([max = '']) => i18n._(msg`Ensure this field has no more than ${max} characters.`),
  ],
  [
    /^Ensure this field has at least (\d+) characters\.$/,
    ([min = '']) => i18n._(msg`Ensure this field has at least ${min} characters.`),
  ],
  [
    /^Ensure this value is less than or equal to (-?[\d.]+)\.$/,
    ([max = '']) => i18n._(msg`Ensure this value is less than or equal to ${max}.`),
  ],
  [
    /^Ensure this value is greater than or equal to (-?[\d.]+)\.$/,
    ([min = '']) => i18n._(msg`Ensure this value is greater than or equal to ${min}.`),
  ],
  [
    /^"(.*)" is not a valid choice\.$/s,
    ([value = '']) => i18n._(msg`"${value}" is not a valid choice.`),
  ],
  [
    /^Invalid pk "(.*)" - object does not exist\.$/s,
    ([pk = '']) => i18n._(msg`Invalid pk "${pk}" - object does not exist.`),
  ],
  [
    /^Method "([A-Z]+)" not allowed\.$/,
    ([method = '']) => i18n._(msg`Method "${method}" not allowed.`),
  ],
  [
    /^Your role \((.+)\) does not allow this: it needs (\S+)\.$/,
    ([role = '', permission = '']) =>
      i18n._(msg`Your role (${role}) does not allow this: it needs ${permission}.`),
  ],
];

/** A message the server sent, in the active locale where the dashboard knows it. */
export function translateServerText(text: string): string {
  const descriptor = known[text];
  if (descriptor) return i18n._(descriptor);
  for (const [pattern, render] of patterns) {
    const match = pattern.exec(text);
    if (match) return render(match.slice(1));
  }
  return text;
}
