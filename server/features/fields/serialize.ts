import type { CustomField } from '../../../contract/fields.js';
import type { FieldRow } from './repository.js';

export function serializeField(row: FieldRow): CustomField {
  return {
    name: row.name,
    label: row.label,
    type: row.type,
    required: row.required,
    ...(row.type === 'string' && row.maxLength != null ? { max_length: row.maxLength } : {}),
    ...(row.type === 'choice' ? { choices: row.choices ?? [] } : {}),
    help_text: row.helpText,
  };
}
