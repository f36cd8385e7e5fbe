import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { ComposerValues } from '../draft/composer-values';
import { formatUtc, isPast, localTimeZone, parseLocalDateTime } from '../local-time';

/** Scheduled deliveries of one variant, entered in local time, shown with the UTC sent. */
export function DeliveriesField({ index }: { index: number }) {
  const { t } = useLingui();
  const { control, register, formState } = useFormContext<ComposerValues>();
  const name = `variants.${index}.deliveries` as const;
  const { fields, append, remove } = useFieldArray({ control, name });
  const values = useWatch({ control, name });
  const errors = formState.errors.variants?.[index]?.deliveries;
  const zone = localTimeZone();
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          <Trans>Deliveries</Trans>
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>Entered in your local time ({zone}); the service receives UTC.</Trans>
          {fields.length === 0 && ` ${t`None yet: the mailing is created without a schedule.`}`}
        </Text>
      </div>
      {fields.map((field, i) => {
        const parsed = parseLocalDateTime(values?.[i]?.local ?? '');
        const number = i + 1;
        const shiftedTo = parsed.shiftedTo?.replace('T', ' ');
        const utc = parsed.date ? formatUtc(parsed.date) : '';
        return (
          <Group key={field.id} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              type="datetime-local"
              label={t`Delivery ${number} (local time)`}
              error={errors?.[i]?.local?.message}
              {...register(`${name}.${i}.local`)}
              w={240}
            />
            <Stack gap={2} pt={28}>
              {parsed.date ? (
                <Text size="sm" aria-label={t`Delivery ${number} in UTC`}>
                  {t`Sent as ${utc}`}
                </Text>
              ) : null}
              {parsed.date && isPast(parsed.date) && (
                <Badge color="orange" variant="light">
                  <Trans>In the past</Trans>
                </Badge>
              )}
              {parsed.shiftedTo && (
                <Text size="xs" c="orange">
                  <Trans>
                    This time does not exist here (clock change); it becomes {shiftedTo}.
                  </Trans>
                </Text>
              )}
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t`Remove delivery ${number}`}
              onClick={() => remove(i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ local: '' }, { shouldFocus: true })}
        >
          <Trans>Add delivery</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
