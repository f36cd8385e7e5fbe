import { describe, expect, it } from 'vitest';
import { envelope } from '../../contract/common';
import { language } from '../../contract/languages';
import { list } from '../../contract/lists';
import { region, regionDetail } from '../../contract/regions';
import type { StandardResult, StandardSchemaV1 } from './standard-schema';
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
  [
    'a list with a datetime without seconds',
    list,
    lightList,
    { ...aList, create_datetime: '2025-01-01T10:00Z' },
  ],
  [
    'a list with a datetime with an offset',
    list,
    lightList,
    { ...aList, update_datetime: '2025-01-01T10:00:00+01:00' },
  ],
  [
    'a list with 30 February',
    list,
    lightList,
    { ...aList, create_datetime: '2025-02-30T10:00:00Z' },
  ],
  [
    'a list on 29 February of a leap year',
    list,
    lightList,
    { ...aList, create_datetime: '2024-02-29T23:59:59.5Z' },
  ],
  ['a list with a string id', list, lightList, { ...aList, id: '1' }],
  ['a list with a null name', list, lightList, { ...aList, name: null }],
  ['a list with languages as a string', list, lightList, { ...aList, languages: 'en' }],
  ['a list with a numeric language', list, lightList, { ...aList, languages: ['en', 1] }],
  ['a list with a string opt-in', list, lightList, { ...aList, double_opt_in: 'yes' }],
  [
    'a list with counts and more',
    list,
    lightList,
    {
      ...aList,
      subscriber_counts: {
        active: 1,
        pending: 0,
        bounced: 0,
        unsubscribed: 0,
        deleted: 2,
        spam: 3,
      },
    },
  ],
  ['an array instead of a list', list, lightList, [aList]],
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
    'a page with more members and a bad region',
    envelope(region),
    lightEnvelope(lightRegion),
    { count: 1, next: null, previous: null, results: [{ code: 'FR' }], extra: true },
  ],
  [
    'a page with more members',
    envelope(region),
    lightEnvelope(lightRegion),
    { count: 1, next: '/api/v1/regions?page=2', previous: null, results: [], extra: true },
  ],
  [
    'a page with a float count',
    envelope(region),
    lightEnvelope(lightRegion),
    { count: 1.5, next: null, previous: null, results: [] },
  ],
  ['no page at all', envelope(region), lightEnvelope(lightRegion), null],
  [
    'a page without previous',
    envelope(region),
    lightEnvelope(lightRegion),
    { count: 1, next: null, results: [] },
  ],
];

describe('light response schemas', () => {
  const validate = (schema: unknown, data: unknown) =>
    (schema as StandardSchemaV1)['~standard'].validate(data) as StandardResult<unknown>;

  it.each(cases)('judge %s as the contract does', (_name, contractSchema, lightSchema, data) => {
    const expected = validate(contractSchema, data);
    const actual = validate(lightSchema, data);
    expect(actual.issues === undefined).toBe(expected.issues === undefined);
    if (!expected.issues) expect(actual).toStrictEqual(expected);
  });
});
