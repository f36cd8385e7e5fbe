import { t } from '@lingui/core/macro';
import type { JsonSchema } from '../../../api/openapi';

/** A JSON Schema in a few words: `string (email)`, `one of "a", "b"`, `array of integer`. */
export function schemaType(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) {
    const values = schema.enum.map((v) => JSON.stringify(v)).join(', ');
    return t`one of ${values}`;
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(schemaType))].join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const described = types.map((type) => {
    if (type === 'array') {
      const items = schemaType(schema.items);
      return t`array of ${items}`;
    }
    if (type === 'object' && schema.properties) return 'object';
    return schema.format ? `${type} (${schema.format})` : type;
  });
  return described.join(' | ') || 'any';
}
