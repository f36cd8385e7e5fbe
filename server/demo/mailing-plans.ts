type Copy = { subject: string; text: string };

/** One demo mailing: where and when it went out (hours before now) and how it did. */
export type MailingPlan = {
  name: string;
  campaign: number | null;
  /** The list whose languages are exactly these receives it; one variant per language. */
  languages: string[];
  /** One delivery per entry and variant; negative values are scheduled in the future. */
  hoursAgo: number[];
  /** A fixture layout (e2e/fixtures/layouts/<name>) zipped into the English variant. */
  zipLayout?: string;
  /** Multiplies the base open rate. */
  appeal: number;
  /** Links, most popular first. */
  urls: string[];
  copy: Record<string, Copy>;
};

const DAY = 24;
const berg = 'https://bergblick.example.org';
const acme = 'https://acme.example.com';
const lumiere = 'https://lumiere.example.net';

/** The HTML of a text layout: the copy and its links. */
export function textLayout(copy: Copy, urls: string[]): string {
  const links = urls.map((u) => `<li><a href="${u}">${u.replace(/^https:\/\//, '')}</a></li>`);
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${copy.subject}</title></head>
<body style="font-family: sans-serif; max-width: 600px; margin: auto">
<h1>${copy.subject}</h1>
<p>${copy.text}</p>
<ul>${links.join('')}</ul>
</body></html>`;
}

const c = (subject: string, text: string): Copy => ({ subject, text });

/**
 * Campaign 1 and 2 on the German/English list (summer season, hut tours), 3 the English
 * weekly, 4 the French/Italian/English collection; two mailings without a campaign.
 */
export const plans: MailingPlan[] = [
  {
    name: 'Wandersommer 2025',
    campaign: 1,
    languages: ['de', 'en'],
    hoursAgo: [27 * DAY + 2],
    appeal: 1,
    urls: [`${berg}/sommer`, `${berg}/blog/packliste`, `${berg}/angebote`],
    copy: {
      de: c('Der Wandersommer ist da', 'Neue Touren in Tirol, Graubünden und im Allgäu.'),
      en: c('Hiking summer is here', 'New tours in Tyrol, Graubünden and the Allgäu.'),
    },
  },
  {
    name: 'Frühbucher: letzte Tage',
    campaign: 1,
    languages: ['de', 'en'],
    hoursAgo: [20 * DAY - 3],
    zipLayout: 'colorlib-12',
    appeal: 1.15,
    urls: [`${berg}/fruehbucher`, `${berg}/sommer`, `${berg}/angebote`, `${berg}/faq`],
    copy: {
      de: c('Frühbucherrabatt: nur noch bis Sonntag', 'Bis zu 15 % auf alle Sommertouren.'),
      en: c('Early-bird discount ends Sunday', 'Up to 15% off every summer tour.'),
    },
  },
  {
    name: 'Neu: Hüttentouren',
    campaign: 2,
    languages: ['de', 'en'],
    hoursAgo: [12 * DAY + 1, 10 * DAY + 4],
    appeal: 1.3,
    urls: [`${berg}/huetten`, `${berg}/blog/huettenleben`, `${berg}/huetten/karte`],
    copy: {
      de: c('Neu: Hüttentouren mit Übernachtung', 'Von Hütte zu Hütte, Gepäck wird transportiert.'),
      en: c('New: hut-to-hut tours', 'From hut to hut while your luggage travels ahead.'),
    },
  },
  {
    name: 'Hüttentouren: erste Berichte',
    campaign: 2,
    languages: ['de', 'en'],
    hoursAgo: [4 * DAY + 5],
    appeal: 0.9,
    urls: [`${berg}/blog/berichte`, `${berg}/huetten`],
    copy: {
      de: c('So war die erste Hüttentour', 'Unsere Gäste erzählen.'),
      en: c('How the first hut tour went', 'Our guests tell their stories.'),
    },
  },
  {
    name: 'Änderungen der Reisebedingungen',
    campaign: null,
    languages: ['de', 'en'],
    hoursAgo: [30],
    appeal: 0.7,
    urls: [`${berg}/agb`],
    copy: {
      de: c('Änderungen unserer Reisebedingungen', 'Was sich ab dem nächsten Monat ändert.'),
      en: c('Changes to our travel terms', 'What changes from next month.'),
    },
  },
  {
    name: 'Herbstprogramm',
    campaign: 2,
    languages: ['de', 'en'],
    hoursAgo: [-5 * DAY],
    appeal: 1,
    urls: [`${berg}/herbst`],
    copy: {
      de: c('Unser Herbstprogramm', 'Goldene Tage in den Bergen.'),
      en: c('Our autumn programme', 'Golden days in the mountains.'),
    },
  },
  ...[28, 21, 14, 7].map((days, i): MailingPlan => ({
    name: `Acme Weekly #${41 + i}`,
    campaign: 3,
    languages: ['en'],
    hoursAgo: [days * DAY - 15],
    appeal: 1 - i * 0.05,
    urls: [`${acme}/articles/${41 + i}`, `${acme}/shop`, `${acme}/events`, `${acme}/jobs`],
    copy: { en: c(`Acme Weekly #${41 + i}`, 'The week in tools, design and science.') },
  })),
  {
    name: 'Confirm your preferences',
    campaign: null,
    languages: ['en'],
    hoursAgo: [3 * DAY + 2],
    zipLayout: 'colorlib-10',
    appeal: 0.8,
    urls: [`${acme}/preferences`],
    copy: { en: c('Please confirm your preferences', 'Tell us what you want to read.') },
  },
  ...[
    ['Collection été', 25, [`${lumiere}/ete`, `${lumiere}/lookbook`, `${lumiere}/boutiques`]],
    ['Soldes d’été', 8, [`${lumiere}/soldes`, `${lumiere}/ete`]],
  ].map(([name, days, urls], i): MailingPlan => ({
    name: name as string,
    campaign: 4,
    languages: ['fr', 'it', 'en'],
    hoursAgo: [(days as number) * DAY + 6],
    appeal: 1.1 - i * 0.1,
    urls: urls as string[],
    copy:
      i === 0
        ? {
            fr: c('La collection été est arrivée', 'Lin, couleurs du sud et légèreté.'),
            it: c('È arrivata la collezione estiva', 'Lino, colori del sud e leggerezza.'),
            en: c('The summer collection is here', 'Linen, southern colours, lightness.'),
          }
        : {
            fr: c('Les soldes d’été commencent', 'Jusqu’à −50 % en boutique et en ligne.'),
            it: c('Iniziano i saldi estivi', 'Fino al −50 % in negozio e online.'),
            en: c('Summer sale starts now', 'Up to 50% off in store and online.'),
          },
  })),
];
