import { describe, expect, it } from 'vitest';
import { rangeToQuery } from '../../api/statistics';
import { chartFilters, MAX_LIST_MAILINGS, nameOfCampaign, planGroups, recordsScope } from './scope';

const names = new Map([
  [4, 'Summer'],
  [5, 'Autumn'],
]);
const base = {
  list: undefined,
  mailings: [] as number[],
  campaign: undefined,
  automation: undefined,
};

describe('planGroups', () => {
  it('draws one line per selected mailing', () => {
    const { groups } = planGroups({ ...base, mailings: [5, 4, 9] }, { names });
    expect(groups).toEqual([
      { key: 'g0', label: 'Autumn', mailings: [5], mailing: 5 },
      { key: 'g1', label: 'Summer', mailings: [4], mailing: 4 },
      { key: 'g2', label: 'Mailing id 9', mailings: [9], mailing: 9 },
    ]);
  });

  it('sums a list’s mailings of the chosen campaign, up to the cap', () => {
    const listMailings = Array.from({ length: MAX_LIST_MAILINGS + 2 }, (_, i) => ({
      id: i + 1,
      name: `M${i}`,
      campaign: i === 0 ? 2 : 1,
    }));
    const all = planGroups({ ...base, list: 3 }, { listName: 'News', listMailings, names });
    expect(all.groups[0]!.label).toBe('All mailings of News');
    expect(all.groups[0]!.mailings).toHaveLength(MAX_LIST_MAILINGS);
    expect(all.capped).toBe(true);
    const campaign = planGroups(
      { ...base, list: 3, campaign: 2 },
      { listName: 'News', listMailings, names, campaignName: (id) => `Spring ${id}` },
    );
    expect(campaign.groups[0]).toMatchObject({
      label: 'All mailings of News, Spring 2',
      mailings: [1],
    });
    expect(campaign.capped).toBe(false);
  });

  it('draws everything (or one campaign) without a list or mailing', () => {
    expect(planGroups(base, { names }).groups).toEqual([
      { key: 'g0', label: 'All mailings', mailings: null },
    ]);
    // Without the campaigns extension the id is all there is, labelled as one.
    expect(planGroups({ ...base, campaign: 3 }, { names }).groups[0]!.label).toBe('Campaign id 3');
    const named = planGroups({ ...base, campaign: 3 }, { names, campaignName: () => 'Spring' });
    expect(named.groups[0]!.label).toBe('Spring');
  });

  it("draws an automation's mail as one line, without a mailing filter", () => {
    const { groups } = planGroups(
      { ...base, list: 3, automation: 7 },
      { names, automationLabel: 'Welcome, step 2' },
    );
    expect(groups).toEqual([{ key: 'g0', label: 'Welcome, step 2', mailings: null }]);
    expect(chartFilters({ ...chartView, automation: 7, step: 2 })).toMatchObject({
      automation: 7,
      step: 2,
    });
  });

  it('names a campaign from the extension, else by its id', () => {
    const campaigns = { supported: true, data: [{ id: 3, name: 'Wandersommer' }] };
    expect(nameOfCampaign(campaigns, 3)).toBe('Wandersommer');
    expect(nameOfCampaign(campaigns, 4)).toBe('Campaign id 4');
    expect(nameOfCampaign({ supported: false }, 3)).toBe('Campaign id 3');
  });
});

const chartView = {
  campaign: undefined,
  automation: undefined,
  step: undefined,
  unique: false,
  day: undefined,
  start: '2025-06-01',
  end: '2025-06-03',
  url: undefined,
  bounces: 'all' as const,
};

describe('chartFilters', () => {
  const view = chartView;

  it('turns the inclusive dates into a range the API module maps', () => {
    const filters = chartFilters(view);
    expect(filters).toEqual({
      range: { start: '2025-06-01T00:00:00.000Z', end: '2025-06-03T23:59:59.999Z' },
    });
    // start → to_datetime (keeps later records), end → from_datetime (keeps earlier ones).
    expect(rangeToQuery(filters.range)).toEqual({
      to_datetime: '2025-06-01T00:00:00.000Z',
      from_datetime: '2025-06-03T23:59:59.999Z',
    });
  });

  it('uses the date filter for a single day and carries the other filters', () => {
    expect(
      chartFilters({
        ...view,
        day: '2025-06-02',
        unique: true,
        campaign: 2,
        url: 'https://a.example/',
        bounces: 'soft',
      }),
    ).toEqual({
      date: '2025-06-02',
      unique: true,
      campaign: 2,
      url: 'https://a.example/',
      hard: false,
    });
  });
});

describe('recordsScope', () => {
  it('pages one mailing at a time, the chosen one if it is in scope', () => {
    const groups = [
      { key: 'g0', label: 'A', mailings: [4], mailing: 4 },
      { key: 'g1', label: 'B', mailings: [5], mailing: 5 },
    ];
    expect(recordsScope(groups, 5)).toEqual({ choices: [4, 5], mailing: 5 });
    expect(recordsScope(groups, 9)).toEqual({ choices: [4, 5], mailing: 4 });
  });

  it('needs no mailing filter when nothing is narrowed to mailings', () => {
    expect(recordsScope([{ key: 'g0', label: 'All', mailings: null }], undefined)).toEqual({
      choices: [],
      mailing: null,
    });
    expect(
      recordsScope([{ key: 'g0', label: 'Empty list', mailings: [] }], undefined).mailing,
    ).toBeUndefined();
  });
});
