import { Alert, ColorInput, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { contrastWarnings } from '../contrast';
import { fonts, type Styles } from '../../../../../contract/block-document';

const colorFields: [keyof Styles, MessageDescriptor][] = [
  ['textColor', msg`Text colour`],
  ['contentColor', msg`Content background`],
  ['backgroundColor', msg`Page background`],
  ['linkColor', msg`Link colour`],
  ['buttonColor', msg`Button colour`],
  ['buttonTextColor', msg`Button label colour`],
];

/** The document's global styles, with a warning for each pair people may not be able to read. */
export function StylesPanel({
  styles,
  onChange,
}: {
  styles: Styles;
  onChange: (patch: Partial<Styles>) => void;
}) {
  const { t, i18n } = useLingui();
  const warnings = contrastWarnings(styles);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
        <NumberInput
          label={t`Width (px)`}
          min={480}
          max={800}
          step={10}
          value={styles.width}
          onChange={(v) =>
            typeof v === 'number' &&
            onChange({ width: Math.min(800, Math.max(480, Math.round(v))) })
          }
        />
        <Select
          label={t`Font`}
          data={[...fonts]}
          value={styles.font}
          allowDeselect={false}
          onChange={(v) => v && onChange({ font: v as Styles['font'] })}
        />
        <NumberInput
          label={t`Button corner radius (px)`}
          min={0}
          max={30}
          value={styles.buttonRadius}
          onChange={(v) =>
            typeof v === 'number' && onChange({ buttonRadius: Math.min(30, Math.max(0, v)) })
          }
        />
        {colorFields.map(([key, label]) => (
          <ColorInput
            key={key}
            label={i18n._(label)}
            format="hex"
            value={String(styles[key])}
            onChange={(v) => /^#[0-9a-f]{6}$/i.test(v) && onChange({ [key]: v.toLowerCase() })}
          />
        ))}
      </SimpleGrid>
      {warnings.length > 0 && (
        <Alert color="yellow" title={t`Hard to read`} role="status">
          <Stack gap={4}>
            {warnings.map((w) => (
              <div key={w}>{w}</div>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
