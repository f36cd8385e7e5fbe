import { describe, expect, it } from 'vitest';
import { envelope } from '../../contract/common';
import { language } from '../../contract/languages';
import { list } from '../../contract/lists';
import { region, regionDetail } from '../../contract/regions';
import { safeParse } from 'zod/v4/core';
import {
  lightEnvelope,
  lightLanguage,
  lightList,
  lightRegion,
  lightRegionDetail,
} from './light-schemas';

const aList = {
  id: 1,
  create_datetime: '2025-01-01T00:00:00.000Z',
  create_user: 1,
  update_datetime: '2025-01-02T10:00:00Z',
  update_user: null,
  name: 'News',
  default_from_name: 'Team',
  default_from_email: 'team@example.com',
  default_replyto_email: '',
  default_language: 'en',
  languages: ['en', 'de'],
};

const cases: [string, unknown, unknown, unknown][] = [
  ['a list of another deployment', list, lightList, aList],
  [
    'a list with our extensions and an unknown member',
    list,
    lightList,
    {
      ...aList,
      double_opt_in: true,
      subscriber_counts: { active: 1, pending: 0, bounced: 0, unsubscribed: 0, deleted: 2 },
      custom: 'x',
    },
  ],
  ['a list without a name', list, lightList, { ...aList, name: undefined }],
  ['a list with a bad datetime', list, lightList, { ...aList, create_datetime: 'yesterday' }],
  ['a list with a float id', list, lightList, { ...aList, id: 1.5 }],
  ['a list with partial counts', list, lightList, { ...aList, subscriber_counts: { active: 1 } }],
  ['a region', region, lightRegion, { code: 'DE-BY', name: 'Bavaria' }],
  [
    'a region detail',
    regionDetail,
    lightRegionDetail,
    { code: 'DE', name: 'Germany', country: null, regions: [] },
  ],
  [
    'a region detail without country',
    regionDetail,
    lightRegionDetail,
    { code: 'DE', name: 'Germany', regions: [] },
  ],
  ['a language', language, lightLanguage, { code: 'de', name: 'German', native: 'Deutsch' }],
  ['a language without a name', language, lightLanguage, { code: 'de' }],
  [
    'a page',
    envelope(region),
    lightEnvelope(lightRegion),
    { count: 1, next: null, previous: null, results: [{ code: 'FR', name: 'France' }] },
  ],
  [
    'a page without previous',
    envelope(region),
    lightEnvelope(lightRegion),
    { count: 1, next: null, results: [] },
  ],
];

describe('light response schemas', () => {
  it.each(cases)('judge %s as the contract does', (_name, contractSchema, lightSchema, data) => {
    const expected = safeParse(contractSchema as never, data);
    const actual = safeParse(lightSchema as never, data);
    expect(actual.success).toBe(expected.success);
    if (expected.success) expect(actual.data).toEqual(expected.data);
  });
});
