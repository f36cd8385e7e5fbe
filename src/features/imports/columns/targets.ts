import {
  builtInSubscriberFields,
  customFieldTypes,
  type CustomFieldType,
} from '../../../../contract/fields';
import type { FieldDescriptor, SubscribersIntrospection } from '../../../../contract/subscribers';
import type { RuleCustomField } from '../check/row-rules';

/** A subscriber field a column can be mapped to. */
export type MappingTarget = {
  name: string;
  label: string;
  type: FieldDescriptor['type'];
  required: boolean;
  custom: boolean;
};

const isBuiltIn = (name: string) => (builtInSubscriberFields as readonly string[]).includes(name);
const isCustomType = (type: string): type is CustomFieldType =>
  (customFieldTypes as readonly string[]).includes(type);

/**
 * The writable fields of the list's OPTIONS (`actions.POST`), custom fields included, in
 * the order the server lists them; read-only ones (id, subscription, …) cannot be imported.
 */
export function mappingTargets(options: SubscribersIntrospection): MappingTarget[] {
  return Object.entries(options.actions.POST)
    .filter(([, d]) => !d.read_only)
    .map(([name, d]) => ({
      name,
      label: d.label || name,
      type: d.type,
      required: d.required,
      custom: !isBuiltIn(name),
    }));
}

/** The list's custom fields with the rules their values follow (type, required, length, choices). */
export function ruleCustomFields(options: SubscribersIntrospection): RuleCustomField[] {
  return Object.entries(options.actions.POST).flatMap(([name, d]) =>
    !d.read_only && !isBuiltIn(name) && isCustomType(d.type)
      ? [
          {
            name,
            type: d.type,
            required: d.required,
            ...(d.max_length !== undefined && d.type === 'string'
              ? { max_length: d.max_length }
              : {}),
            ...(d.choices ? { choices: d.choices } : {}),
          },
        ]
      : [],
  );
}

/** Fields of type date: the date format applies to them. */
export const dateTargets = (targets: readonly MappingTarget[]) =>
  new Set(targets.filter((t) => t.type === 'date').map((t) => t.name));
