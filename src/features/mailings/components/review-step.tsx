import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { plural, t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { List } from '../../../api/lists';
import { FormAlert } from '../../../components/form-alert';
import type { ComposerValues, VariantValues } from '../draft/composer-values';
import { languageLabel } from '../language-names';
import type { LayoutStates } from '../layout/use-layouts';
import { formatBytes } from '../../../lib/format';
import { parseLocalDateTime } from '../local-time';
import { useAudienceNames } from '../use-audience-names';
import { DeliveryTimes, MailingFacts } from './mailing-facts';

type Props = {
  values: ComposerValues;
  list: List | undefined;
  layouts: LayoutStates;
  messages: string[];
  creating: boolean;
  onBack: () => void;
  onCreate: () => void;
};

const DefaultBadge = () => (
  <Badge size="xs" variant="light" color="gray" ml={6}>
    <Trans>list default</Trans>
  </Badge>
);

function withDefault(value: string, listDefault: string | undefined): ReactNode {
  if (value.trim()) return value.trim();
  return (
    <>
      {listDefault || (
        <Text span c="dimmed">
          <Trans>none</Trans>
        </Text>
      )}
      <DefaultBadge />
    </>
  );
}

/** Exactly what will be sent: one column per variant, list defaults marked as such. */
export function ReviewStep({ values, list, layouts, messages, creating, onBack, onCreate }: Props) {
  const { t } = useLingui();
  const { campaignName, segmentName } = useAudienceNames(list?.id);
  const campaign = values.campaign.trim();
  const rows: { label: string; cell: (v: VariantValues) => ReactNode }[] = [
    { label: t`Subject`, cell: (v) => v.subject },
    { label: t`From name`, cell: (v) => withDefault(v.from_name, list?.default_from_name) },
    { label: t`From address`, cell: (v) => withDefault(v.from_email, list?.default_from_email) },
    { label: t`Reply-to`, cell: (v) => withDefault(v.replyto_email, list?.default_replyto_email) },
    { label: t`Layout`, cell: (v) => layoutSummary(v, layouts) },
    { label: t`Deliveries`, cell: (v) => <Deliveries variant={v} /> },
  ];
  // A block layout edited just before "Review" is still being rendered: its zip is not ready.
  const preparing = values.variants.some((v) => layouts[v.language]?.status === 'running');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <Trans>Review</Trans>
      </Title>
      <FormAlert messages={messages} title={t`The mailing was not created`} />
      <MailingFacts
        name={values.name.trim()}
        list={list?.name ?? values.list}
        campaign={(campaign && campaignName(Number(campaign))) || t`none`}
        segments={values.segments.map((id) => segmentName(Number(id))).join(', ') || t`whole list`}
      />
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder withColumnBorders aria-label={t`Variants to send`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Field</Trans>
              </Table.Th>
              {values.variants.map((v) => (
                <Table.Th key={v.language}>{languageLabel(v.language)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {values.variants.map((v) => (
                  <Table.Td key={v.language}>{row.cell(v)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button onClick={onCreate} loading={creating} disabled={preparing}>
          <Trans>Create mailing</Trans>
        </Button>
        <Button variant="default" onClick={onBack} disabled={creating}>
          <Trans>Back to editing</Trans>
        </Button>
        {preparing && (
          <Text size="sm" c="dimmed" role="status">
            <Trans>Preparing the layout…</Trans>
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function layoutSummary(v: VariantValues, layouts: LayoutStates): ReactNode {
  const characters = v.layout.text.trim().length;
  if (v.layout.mode === 'text')
    return plural(characters, {
      one: 'Plain text, # character',
      other: 'Plain text, # characters',
    });
  const state = layouts[v.language];
  if (state?.status !== 'complete') return translate`HTML (not ready)`;
  const { inspection, label } = state.layout;
  const used = inspection.images.filter((i) => i.used).length;
  const size = formatBytes(inspection.archiveBytes);
  return plural(used, {
    one: `HTML from ${label}: ${size}, # image`,
    other: `HTML from ${label}: ${size}, # images`,
  });
}

function Deliveries({ variant }: { variant: VariantValues }) {
  const { t } = useLingui();
  const dates = variant.deliveries.flatMap((d) => parseLocalDateTime(d.local).date ?? []);
  return <DeliveryTimes dates={dates} none={t`none`} />;
}
