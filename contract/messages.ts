import { z } from 'zod';

/**
 * Django REST framework wording for validation messages, so that the server's 400 bodies
 * and the dashboard's form messages read the same. Installed with `z.config` by the server
 * at start and by the SPA before it renders.
 */
export const drfErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      switch (issue.expected) {
        case 'string':
          return 'Not a valid string.';
        case 'number':
        case 'int':
          return 'A valid integer is required.';
        case 'boolean':
          return 'Must be a valid boolean.';
        case 'array':
          return `Expected a list of items but got type "${typeof issue.input}".`;
        case 'object':
          return `Invalid data. Expected a dictionary, but got ${Array.isArray(issue.input) ? 'list' : typeof issue.input}.`;
        default:
          return 'Invalid value.';
      }
    case 'too_big':
      if (issue.origin === 'string')
        return `Ensure this field has no more than ${String(issue.maximum)} characters.`;
      if (issue.origin === 'array')
        return `Ensure this field has no more than ${String(issue.maximum)} elements.`;
      return `Ensure this value is less than or equal to ${String(issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'This field may not be blank.'
          : `Ensure this field has at least ${String(issue.minimum)} characters.`;
      if (issue.origin === 'array')
        return Number(issue.minimum) <= 1
          ? 'This list may not be empty.'
          : `Ensure this field has at least ${String(issue.minimum)} elements.`;
      return `Ensure this value is greater than or equal to ${String(issue.minimum)}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'date')
        return 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
      if (issue.format === 'datetime')
        return 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]]Z.';
      if (issue.format === 'url') return 'Enter a valid URL.';
      return 'Invalid value.';
    case 'invalid_union':
      // Every alternative failed (`replyto: "" | email`, `language: [] | "xx" | null`).
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return 'Invalid value.';
    case 'invalid_value':
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return issue.values.length === 1
        ? `"${String(issue.input)}" is not a valid choice.`
        : `"${String(issue.input)}" is not a valid choice.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
};
