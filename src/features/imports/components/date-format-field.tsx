import { formatStoredDate } from '../format/labels';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { dateFormatProblem } from '../../../../contract/imports';
import { dateFormatEffect, dateFormatPresets } from '../columns/date-formats';

const CUSTOM = 'custom';

/**
 * The date format (`date_format`, strptime directives) with what it makes of the sample
 * values of the date columns: the date stored, or "not a date" (the row's value is invalid).
 */
export function DateFormatField({
  value,
  onChange,
  samples,
}: {
  value: string;
  onChange: (format: string) => void;
  /** Sample values of the columns mapped to date fields, by column title. */
  samples: { column: string; values: string[] }[];
}) {
  const { t, i18n } = useLingui();
  const isPreset = dateFormatPresets.some((p) => p.format === value);
  const [custom, setCustom] = useState(!isPreset);
  const problem = dateFormatProblem(value);

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          label={t`Date format`}
          description={t`How dates (e.g. date of birth) are written in the file`}
          data={[
            ...dateFormatPresets.map((p) => ({ value: p.format, label: i18n._(p.label) })),
            { value: CUSTOM, label: t`Other (strptime format)…` },
          ]}
          value={custom ? CUSTOM : value}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setCustom(next === CUSTOM);
            if (next !== CUSTOM) onChange(next);
          }}
          w={320}
        />
        {custom && (
          <TextInput
            label={t`strptime format`}
            description={t`e.g. %d.%m.%Y or %Y%m%d`}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            error={problem}
            w={220}
          />
        )}
      </Group>
      {!problem &&
        samples.map(({ column, values }) => (
          <div key={column}>
            <Text size="sm" fw={500}>
              <Trans>{column} read as</Trans>
            </Text>
            {values.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No values in the first rows.</Trans>
              </Text>
            ) : (
              <Group gap="xs" mt={4} aria-label={t`Dates of ${column}`} role="list">
                {dateFormatEffect(values, value).map(({ value: raw, date }) => (
                  <Badge
                    key={raw}
                    role="listitem"
                    variant="light"
                    color={date ? 'teal' : 'red'}
                    tt="none"
                    size="lg"
                  >
                    {raw} → {date ? formatStoredDate(date) : t`not a date`}
                  </Badge>
                ))}
              </Group>
            )}
          </div>
        ))}
    </Stack>
  );
}
