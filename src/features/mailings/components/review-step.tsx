import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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
    list default
  </Badge>
);

function withDefault(value: string, listDefault: string | undefined): ReactNode {
  if (value.trim()) return value.trim();
  return (
    <>
      {listDefault || (
        <Text span c="dimmed">
          none
        </Text>
      )}
      <DefaultBadge />
    </>
  );
}

/** Exactly what will be sent: one column per variant, list defaults marked as such. */
export function ReviewStep({ values, list, layouts, messages, creating, onBack, onCreate }: Props) {
  const { campaignName, segmentName } = useAudienceNames(list?.id);
  const campaign = values.campaign.trim();
  const rows: { label: string; cell: (v: VariantValues) => ReactNode }[] = [
    { label: 'Subject', cell: (v) => v.subject },
    { label: 'From name', cell: (v) => withDefault(v.from_name, list?.default_from_name) },
    { label: 'From address', cell: (v) => withDefault(v.from_email, list?.default_from_email) },
    { label: 'Reply-to', cell: (v) => withDefault(v.replyto_email, list?.default_replyto_email) },
    { label: 'Layout', cell: (v) => layoutSummary(v, layouts) },
    { label: 'Deliveries', cell: (v) => <Deliveries variant={v} /> },
  ];
  // A block layout edited just before "Review" is still being rendered: its zip is not ready.
  const preparing = values.variants.some((v) => layouts[v.language]?.status === 'running');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Review
      </Title>
      <FormAlert messages={messages} title="The mailing was not created" />
      <MailingFacts
        name={values.name.trim()}
        list={list?.name ?? values.list}
        campaign={(campaign && campaignName(Number(campaign))) || 'none'}
        segments={values.segments.map((id) => segmentName(Number(id))).join(', ') || 'whole list'}
      />
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder withColumnBorders aria-label="Variants to send">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
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
          Create mailing
        </Button>
        <Button variant="default" onClick={onBack} disabled={creating}>
          Back to editing
        </Button>
        {preparing && (
          <Text size="sm" c="dimmed" role="status">
            Preparing the layout…
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function layoutSummary(v: VariantValues, layouts: LayoutStates): ReactNode {
  if (v.layout.mode === 'text') return `Plain text, ${v.layout.text.trim().length} characters`;
  const state = layouts[v.language];
  if (state?.status !== 'complete') return 'HTML (not ready)';
  const { inspection, label } = state.layout;
  const used = inspection.images.filter((i) => i.used).length;
  return `HTML from ${label}: ${formatBytes(inspection.archiveBytes)}, ${used} image${used === 1 ? '' : 's'}`;
}

function Deliveries({ variant }: { variant: VariantValues }) {
  const dates = variant.deliveries.flatMap((d) => parseLocalDateTime(d.local).date ?? []);
  return <DeliveryTimes dates={dates} none="none" />;
}
