import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Radio, Stack } from '@mantine/core';

export type ActivateMode = 'opt-in' | 'confirm';

const activateModeText: Record<
  ActivateMode,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  'opt-in': {
    label: msg`Send the opt-in (pending)`,
    description: msg`The list’s double opt-in runs: the subscriber becomes pending and receives mailings only after confirming the address.`,
  },
  confirm: {
    label: msg`Confirm directly (active)`,
    description: msg`Skips the opt-in: the subscriber becomes active at once. Only when you already hold their confirmed consent, for example a signed form.`,
  },
};

/** The two ways to activate on a double-opt-in list, each saying what it means. */
export function ActivateChoice({
  value,
  onChange,
}: {
  value: ActivateMode;
  onChange: (mode: ActivateMode) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Radio.Group
      label={t`How to activate`}
      description={t`This list uses double opt-in.`}
      value={value}
      onChange={(v) => onChange(v as ActivateMode)}
    >
      <Stack gap="sm" mt="xs">
        {(['opt-in', 'confirm'] as const).map((mode) => (
          <Radio
            key={mode}
            value={mode}
            label={i18n._(activateModeText[mode].label)}
            description={i18n._(activateModeText[mode].description)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
