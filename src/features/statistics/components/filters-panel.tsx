import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  CloseButton,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { ClassFilter } from '../../../api/hit-classes';
import type { List } from '../../../api/lists';
import { shortUrl } from '../format';
import type { AutomationOption, MailingOption } from '../scope';
import {
  addDays,
  MAX_MAILINGS,
  type BounceType,
  type ViewChange,
  type ViewState,
} from '../view-params';
import { AutomationFilters } from './automation-filters';
import { DateField } from './date-field';

const presets = [
  { label: msg`Today`, days: 1 },
  { label: msg`3 days`, days: 3 },
  { label: msg`7 days`, days: 7 },
  { label: msg`30 days`, days: 30 },
  { label: msg`90 days`, days: 90 },
];

export type FiltersPanelProps = {
  view: ViewState;
  update: (change: ViewChange) => void;
  today: string;
  lists: readonly Pick<List, 'id' | 'name'>[];
  mailings: readonly MailingOption[];
  /** A campaign's name (its id, labelled so, where the API has no campaigns). */
  campaignName: (id: number) => string;
  /** Links to offer in the link filter (the current top links). */
  urls: readonly string[];
  alignment: { available: boolean; reason?: string };
  /** The chosen list's automations; undefined hides the filter (no list, no extension). */
  automations?: readonly AutomationOption[];
  /** The server tells people from machines (issue 51): offers the People/Machines/All toggle. */
  classifies?: boolean;
};

/** Every filter of the screen; each change goes to the URL. */
export function FiltersPanel({
  view,
  update,
  today,
  lists,
  mailings,
  campaignName,
  urls,
  alignment,
  classifies,
  automations,
}: FiltersPanelProps) {
  const { t, i18n } = useLingui();
  const campaigns = [
    ...new Set(mailings.flatMap((m) => (m.campaign === null ? [] : [m.campaign]))),
  ].sort((a, b) => a - b);
  if (view.campaign !== undefined && !campaigns.includes(view.campaign))
    campaigns.push(view.campaign);
  const mailingChoices = mailings
    .filter((m) => view.campaign === undefined || m.campaign === view.campaign)
    .map((m) => ({ value: String(m.id), label: m.name }));
  const known = new Set(mailingChoices.map((m) => m.value));
  for (const id of view.mailings)
    if (!known.has(String(id)))
      mailingChoices.push({ value: String(id), label: t`Mailing id ${id}` });
  const shownUrl = view.url ? shortUrl(view.url, 60) : '';
  const urlChoices = [...new Set([...(view.url ? [view.url] : []), ...urls])];

  return (
    <Paper withBorder p="md" component="section" aria-label={t`Filters`}>
      <Stack gap="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label={t`List`}
            w={220}
            data={[
              { value: '', label: t`All lists` },
              ...lists.map((l) => ({ value: String(l.id), label: l.name })),
            ]}
            value={view.list === undefined ? '' : String(view.list)}
            onChange={(e) =>
              update({ list: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })
            }
          />
          {automations && <AutomationFilters view={view} update={update} options={automations} />}
          <NativeSelect
            label={t`Campaign`}
            w={170}
            data={[
              { value: '', label: t`All campaigns` },
              ...campaigns.map((c) => ({ value: String(c), label: campaignName(c) })),
            ]}
            value={view.campaign === undefined ? '' : String(view.campaign)}
            onChange={(e) =>
              update({
                campaign: e.currentTarget.value ? Number(e.currentTarget.value) : undefined,
              })
            }
          />
          <MultiSelect
            label={t`Mailings`}
            description={t`Up to ${MAX_MAILINGS}, overlaid in the charts`}
            placeholder={view.mailings.length === 0 ? t`All mailings` : undefined}
            searchable
            clearable
            maxValues={MAX_MAILINGS}
            miw={280}
            style={{ flex: 1 }}
            data={mailingChoices}
            value={view.mailings.map(String)}
            onChange={(values) => update({ mailings: values.map(Number) })}
            nothingFoundMessage={t`No mailing matches`}
          />
        </Group>

        <Group align="flex-end" gap="md" wrap="wrap">
          <Labelled label={t`Period (UTC)`} id="stats-period-label">
            <SegmentedControl
              aria-labelledby="stats-period-label"
              size="xs"
              data={[
                { value: 'range', label: t`Date range` },
                { value: 'day', label: t`Single day` },
              ]}
              value={view.day ? 'day' : 'range'}
              onChange={(mode) => update({ day: mode === 'day' ? view.end : undefined })}
            />
          </Labelled>
          {view.day ? (
            <DateField
              label={t`Day`}
              value={view.day}
              max={today}
              onCommit={(day) => update({ day })}
            />
          ) : (
            <>
              <DateField
                label={t`Start`}
                value={view.start}
                max={view.end}
                onCommit={(start) => update({ range: { start, end: view.end, keep: 'end' } })}
              />
              <DateField
                label={t`End`}
                value={view.end}
                min={view.start}
                onCommit={(end) => update({ range: { start: view.start, end, keep: 'start' } })}
              />
              <Group gap={4} role="group" aria-label={t`Quick ranges`}>
                {presets.map((p) => (
                  <Button
                    key={p.days}
                    size="compact-sm"
                    variant="default"
                    onClick={() =>
                      update({ range: { start: addDays(today, 1 - p.days), end: today } })
                    }
                  >
                    {i18n._(p.label)}
                  </Button>
                ))}
              </Group>
            </>
          )}
        </Group>

        <Group align="flex-end" gap="lg" wrap="wrap">
          <Labelled label={t`Count`} id="stats-count-label">
            <SegmentedControl
              aria-labelledby="stats-count-label"
              size="xs"
              data={[
                { value: 'all', label: t`All records` },
                { value: 'unique', label: t`Unique` },
              ]}
              value={view.unique ? 'unique' : 'all'}
              onChange={(v) => update({ unique: v === 'unique' })}
            />
          </Labelled>
          {classifies && (
            <Labelled label={t`Opens and clicks by`} id="stats-hits-label">
              <SegmentedControl
                aria-labelledby="stats-hits-label"
                size="xs"
                data={[
                  { value: 'human', label: t`People` },
                  { value: 'machine', label: t`Machines` },
                  { value: 'all', label: t`All` },
                ]}
                value={view.hits}
                onChange={(v) => update({ hits: v as ClassFilter })}
              />
            </Labelled>
          )}
          <Labelled label={t`Bounces`} id="stats-bounces-label">
            <SegmentedControl
              aria-labelledby="stats-bounces-label"
              size="xs"
              data={[
                { value: 'all', label: t`Hard and soft` },
                { value: 'hard', label: t`Hard` },
                { value: 'soft', label: t`Soft` },
              ]}
              value={view.bounces}
              onChange={(v) => update({ bounces: v as BounceType })}
            />
          </Labelled>
          <Select
            label={t`Clicked link`}
            placeholder={t`Any link`}
            w={320}
            clearable
            searchable
            data={urlChoices.map((u) => ({ value: u, label: shortUrl(u, 60) }))}
            value={view.url ?? null}
            onChange={(url) =>
              update({ url: url ?? undefined, ...(url ? { records: 'clicks' } : {}) })
            }
            nothingFoundMessage={t`Not among the top links`}
          />
          {view.url && (
            <Group gap={4}>
              <Text size="sm">
                <Trans>Only clicks on {shownUrl}</Trans>
              </Text>
              <CloseButton
                size="sm"
                aria-label={t`Clear the link filter`}
                onClick={() => update({ url: undefined })}
              />
            </Group>
          )}
          <Switch
            label={t`Align on time since delivery`}
            description={
              alignment.available
                ? t`Hour or day 0 = each mailing’s first delivery`
                : alignment.reason
            }
            disabled={!alignment.available}
            checked={view.align && alignment.available}
            onChange={(e) => update({ align: e.currentTarget.checked })}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

function Labelled({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}
