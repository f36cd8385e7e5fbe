import type { SubscriptionState } from '../../contract/lists.js';

/** What each demo list looks like: languages, opt-in, size, where its people live. */
export type DemoListSpec = {
  name: string;
  defaultFromName: string;
  defaultFromEmail: string;
  defaultReplytoEmail: string;
  languages: string[];
  doubleOptIn: boolean;
  size: number;
  /** Language weights of subscribers ('' = unknown); every code is one of `languages`. */
  subscriberLanguages: Record<string, number>;
  /** ISO-3166-1/-2 codes and their weights ('' = unknown). */
  regions: Record<string, number>;
  states: Partial<Record<SubscriptionState, number>>;
  interest: { label: string; helpText: string; choices: [string, string][] };
  companies: string[];
};

export const demoLists: DemoListSpec[] = [
  {
    name: 'Acme Weekly',
    defaultFromName: 'Acme Ltd',
    defaultFromEmail: 'news@acme.example.com',
    defaultReplytoEmail: 'hello@acme.example.com',
    languages: ['en'],
    doubleOptIn: false,
    size: 2100,
    subscriberLanguages: { en: 92, '': 8 },
    regions: {
      GB: 18,
      'GB-ENG': 14,
      'GB-SCT': 5,
      'GB-WLS': 3,
      IE: 6,
      'IE-D': 3,
      US: 10,
      'US-CA': 8,
      'US-NY': 7,
      'US-TX': 4,
      CA: 5,
      'CA-ON': 4,
      AU: 5,
      'AU-NSW': 3,
      '': 8,
    },
    states: { active: 74, bounced: 5, unsubscribed: 14, deleted: 7 },
    interest: {
      label: 'Interest',
      helpText: 'What the subscriber wants to read about.',
      choices: [
        ['tech', 'Technology'],
        ['business', 'Business'],
        ['design', 'Design'],
        ['science', 'Science'],
      ],
    },
    companies: ['Globex', 'Initech', 'Umbrella Foods', 'Stark Tools', 'Wayne Logistics', 'Hooli'],
  },
  {
    name: 'Bergblick Newsletter',
    defaultFromName: 'Bergblick Reisen',
    defaultFromEmail: 'newsletter@bergblick.example.org',
    defaultReplytoEmail: '',
    languages: ['de', 'en'],
    doubleOptIn: true,
    size: 1800,
    subscriberLanguages: { de: 75, en: 20, '': 5 },
    regions: {
      DE: 14,
      'DE-BY': 12,
      'DE-BE': 6,
      'DE-HH': 4,
      'DE-NW': 6,
      AT: 8,
      'AT-9': 6,
      'AT-5': 4,
      CH: 8,
      'CH-ZH': 7,
      'CH-BE': 5,
      'CH-GR': 3,
      '': 7,
    },
    states: { active: 60, pending: 20, bounced: 5, unsubscribed: 10, deleted: 5 },
    interest: {
      label: 'Interesse',
      helpText: 'Wofür sich die Person interessiert.',
      choices: [
        ['wandern', 'Wandern'],
        ['ski', 'Skifahren'],
        ['klettern', 'Klettern'],
        ['kultur', 'Kultur'],
      ],
    },
    companies: ['Alpenblick AG', 'Müller & Söhne GmbH', 'Seilbahnen Tirol', 'Brunner Bau'],
  },
  {
    name: 'Maison Lumière',
    defaultFromName: 'Maison Lumière',
    defaultFromEmail: 'bonjour@lumiere.example.net',
    defaultReplytoEmail: 'service@lumiere.example.net',
    languages: ['fr', 'it', 'en'],
    doubleOptIn: false,
    size: 1400,
    subscriberLanguages: { fr: 55, it: 30, en: 10, '': 5 },
    regions: {
      FR: 14,
      'FR-75C': 8,
      'FR-IDF': 5,
      'FR-69': 4,
      'FR-13': 4,
      IT: 10,
      'IT-25': 6,
      'IT-RM': 4,
      'IT-21': 3,
      CH: 4,
      'CH-GE': 5,
      'CH-VD': 4,
      'CH-TI': 5,
      BE: 4,
      'BE-BRU': 3,
      '': 6,
    },
    states: { active: 70, bounced: 6, unsubscribed: 16, deleted: 8 },
    interest: {
      label: 'Centre d’intérêt',
      helpText: 'Rubrique préférée.',
      choices: [
        ['mode', 'Mode'],
        ['cuisine', 'Cuisine'],
        ['voyage', 'Voyage'],
        ['art', 'Art'],
      ],
    },
    companies: ['Lumière SA', 'Atelier Rossi', 'Boulangerie Moreau', 'Studio Bianchi'],
  },
];
