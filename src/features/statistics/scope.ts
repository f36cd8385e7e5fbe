import { t } from '@lingui/core/macro';
import type { ChartFilters } from './chart-data';
import type { ViewState } from './view-params';

export type MailingOption = { id: number; name: string; campaign: number | null };

const campaignId = (id: number) => t`Campaign id ${id}`;
const mailingId = (id: number) => t`Mailing id ${id}`;
const automationId = (id: number) => t`Automation id ${id}`;

/**
 * A campaign as people know it: its name from the campaigns extension; where the API has
 * none (proxy mode) or does not know the id, the id, labelled as one.
 */
export function nameOfCampaign(
  campaigns: { supported: boolean; data?: readonly { id: number; name: string }[] } | undefined,
  id: number,
): string {
  const found = campaigns?.supported ? campaigns.data?.find((c) => c.id === id) : undefined;
  return found?.name ?? campaignId(id);
}

/**
 * One line in the overlaid charts and one row of headline numbers. `mailings: null` means
 * no mailing filter at all (every mailing the other filters match); otherwise the listed
 * mailings are summed (one per selected mailing, or all of a list's mailings).
 */
export type Group = {
  key: string;
  label: string;
  mailings: number[] | null;
  /** The selected mailing when the group is exactly one. */
  mailing?: number;
};

/** A list's mailings are summed one request per mailing; more than this would flood the server. */
export const MAX_LIST_MAILINGS = 20;

/**
 * The lines to draw: each selected mailing; else the chosen automation's mail (no mailing
 * filter: the automation filter narrows it); else all mailings of the chosen list (of the
 * chosen campaign, if any), summed; else everything, narrowed by the campaign filter.
 * `listMailings` are the list's mailings when a list is chosen.
 */
export function planGroups(
  view: Pick<ViewState, 'list' | 'mailings' | 'campaign' | 'automation'>,
  {
    listName,
    listMailings,
    names,
    campaignName = campaignId,
    automationLabel,
  }: {
    listName?: string;
    listMailings?: readonly MailingOption[];
    names: ReadonlyMap<number, string>;
    campaignName?: (id: number) => string;
    /** The chosen automation (and step) as people know it. */
    automationLabel?: string;
  },
): { groups: Group[]; capped: boolean } {
  if (view.mailings.length > 0) {
    return {
      groups: view.mailings.map((id, i) => ({
        key: `g${i}`,
        label: names.get(id) ?? mailingId(id),
        mailings: [id],
        mailing: id,
      })),
      capped: false,
    };
  }
  if (view.automation !== undefined) {
    return {
      groups: [
        {
          key: 'g0',
          label: automationLabel ?? automationId(view.automation),
          mailings: null,
        },
      ],
      capped: false,
    };
  }
  if (view.list !== undefined) {
    const ofCampaign = (listMailings ?? []).filter(
      (m) => view.campaign === undefined || m.campaign === view.campaign,
    );
    const listId = view.list;
    const list = listName ?? t`list id ${listId}`;
    const label = t`All mailings of ${list}`;
    return {
      groups: [
        {
          key: 'g0',
          label: view.campaign === undefined ? label : `${label}, ${campaignName(view.campaign)}`,
          mailings: ofCampaign.slice(0, MAX_LIST_MAILINGS).map((m) => m.id),
        },
      ],
      capped: ofCampaign.length > MAX_LIST_MAILINGS,
    };
  }
  return {
    groups: [
      {
        key: 'g0',
        label: view.campaign === undefined ? t`All mailings` : campaignName(view.campaign),
        mailings: null,
      },
    ],
    capped: false,
  };
}

/**
 * The API filters of the view (without the mailing, which each group adds). Dates are UTC
 * days, both inclusive; `api/statistics.ts` maps the range onto from/to_datetime.
 */
export function chartFilters(
  view: Pick<
    ViewState,
    'campaign' | 'automation' | 'step' | 'unique' | 'day' | 'start' | 'end' | 'url' | 'bounces'
  > & { hits?: ViewState['hits'] },
  classifies = false,
): ChartFilters {
  return {
    ...(classifies && view.hits ? { class: view.hits } : {}),
    ...(view.campaign === undefined ? {} : { campaign: view.campaign }),
    ...(view.automation === undefined ? {} : { automation: view.automation }),
    ...(view.step === undefined ? {} : { step: view.step }),
    ...(view.unique ? { unique: true } : {}),
    ...(view.day
      ? { date: view.day }
      : { range: { start: `${view.start}T00:00:00.000Z`, end: `${view.end}T23:59:59.999Z` } }),
    ...(view.url === undefined ? {} : { url: view.url }),
    ...(view.bounces === 'all' ? {} : { hard: view.bounces === 'hard' }),
  };
}

/**
 * The mailings whose records the table can page through (the API filters one mailing at a
 * time), and the one shown: the chosen one if it is in scope, else the first. Null mailing
 * = no mailing filter (nothing narrowed to mailings).
 */
export function recordsScope(
  groups: readonly Group[],
  chosen: number | undefined,
): { choices: number[]; mailing: number | null | undefined } {
  if (groups.length === 1 && groups[0]!.mailings === null) return { choices: [], mailing: null };
  const choices = [...new Set(groups.flatMap((g) => g.mailings ?? []))];
  if (choices.length === 0) return { choices, mailing: undefined };
  return {
    choices,
    mailing: chosen !== undefined && choices.includes(chosen) ? chosen : choices[0],
  };
}

/** An automation as the filters offer it: its send steps, by id, labelled by position. */
export type AutomationOption = { id: number; name: string; steps: { id: number; label: string }[] };

/** The list's automations and their send steps ("Step 2: Welcome"), for the filters. */
export function automationOptions(
  automations: readonly { id: number; name: string; steps: readonly StepLike[] }[],
  names: ReadonlyMap<number, string>,
): AutomationOption[] {
  return automations.map((a) => ({
    id: a.id,
    name: a.name,
    steps: a.steps.flatMap((s, i) => {
      if (s.type !== 'send') return [];
      const mailing = typeof s.mailing === 'number' ? s.mailing : undefined;
      const name =
        mailing === undefined ? undefined : (names.get(mailing) ?? t`mailing id ${mailing}`);
      const position = i + 1;
      return [{ id: s.id, label: name ? t`Step ${position}: ${name}` : t`Step ${position}` }];
    }),
  }));
}

type StepLike = { id: number; type: string; [key: string]: unknown };

/** The line's label: the automation and, when one is chosen, its step. */
export function automationLabel(
  options: readonly AutomationOption[],
  view: Pick<ViewState, 'automation' | 'step'>,
): string | undefined {
  if (view.automation === undefined) return undefined;
  const a = options.find((o) => o.id === view.automation);
  const name = a?.name ?? automationId(view.automation);
  const stepId = view.step;
  if (stepId === undefined) return name;
  return `${name}, ${a?.steps.find((s) => s.id === stepId)?.label ?? t`step id ${stepId}`}`;
}
