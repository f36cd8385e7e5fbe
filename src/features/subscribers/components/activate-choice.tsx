import { Radio, Stack } from '@mantine/core';

export type ActivateMode = 'opt-in' | 'confirm';

export const activateModeText: Record<ActivateMode, { label: string; description: string }> = {
  'opt-in': {
    label: 'Send the opt-in (pending)',
    description:
      'The list’s double opt-in runs: the subscriber becomes pending and receives mailings only after confirming the address.',
  },
  confirm: {
    label: 'Confirm directly (active)',
    description:
      'Skips the opt-in: the subscriber becomes active at once. Only when you already hold their confirmed consent, for example a signed form.',
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
  return (
    <Radio.Group
      label="How to activate"
      description="This list uses double opt-in."
      value={value}
      onChange={(v) => onChange(v as ActivateMode)}
    >
      <Stack gap="sm" mt="xs">
        {(['opt-in', 'confirm'] as const).map((mode) => (
          <Radio
            key={mode}
            value={mode}
            label={activateModeText[mode].label}
            description={activateModeText[mode].description}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
