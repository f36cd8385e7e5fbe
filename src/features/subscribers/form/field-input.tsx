import { useLingui } from '@lingui/react/macro';
import { NativeSelect, TextInput } from '@mantine/core';
import { RegionCombobox } from '../../../components/reference/region-combobox';
import { fieldLabel, type FieldInfo } from '../columns';
import { inputKind } from './form-model';

export type FieldInputProps = {
  field: FieldInfo;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  /** The list's languages (the language input offers only these), with names when known. */
  languages: { code: string; name?: string }[];
};

/** The fitting input for one field of the OPTIONS descriptor: label, required mark, help text. */
export function FieldInput({ field, value, onChange, onBlur, error, languages }: FieldInputProps) {
  const { t } = useLingui();
  const common = {
    label: fieldLabel(field),
    // `required` shows the asterisk and tells assistive technology (the form has noValidate).
    required: field.required,
    description: field.helpText,
    error,
    onBlur,
  };
  const text = (type: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      {...common}
      type={type}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...extra}
    />
  );
  switch (inputKind(field)) {
    case 'email':
      return text('email', { autoComplete: 'off' });
    case 'integer':
      return text('text', { inputMode: 'numeric' });
    case 'date':
      return text('date');
    case 'datetime':
      return text('datetime-local');
    case 'choice': {
      const choices = field.choices ?? [];
      const hasEmpty = choices.some((c) => c.value === '');
      const data = [
        ...(hasEmpty ? [] : [{ value: '', label: field.required ? t`Choose…` : '—' }]),
        ...choices.map((c) => ({ value: c.value, label: c.display_name || c.value })),
      ];
      return (
        <NativeSelect
          {...common}
          data={data}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
    case 'language': {
      const codes = languages.map((l) => l.code);
      const data = [
        { value: '', label: '—' },
        ...languages.map((l) => ({
          value: l.code,
          label: l.name ? `${l.name} (${l.code})` : l.code,
        })),
        // A value the list no longer allows stays visible, so it is not changed unnoticed.
        ...(value && !codes.includes(value)
          ? [{ value, label: t`${value} (not a list language)` }]
          : []),
      ];
      return (
        <NativeSelect
          {...common}
          description={field.helpText ? t`One of the list’s languages.` : undefined}
          data={data}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
    case 'region':
      // The combobox searches names; the help text about ISO codes would only confuse.
      return (
        <RegionCombobox
          {...common}
          description={field.helpText ? t`A country or one of its regions.` : undefined}
          value={value}
          onChange={onChange}
        />
      );
    default:
      return text('text');
  }
}
