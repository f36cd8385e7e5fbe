import { escapeHtml } from '../../../contract/escape-html.js';
import type { PageLanguage, PublicPage } from '../../lib/public-page.js';
import type { AskedField, Subscription } from './repository.js';
import { SWITCHABLE } from './repository.js';
import { TEXTS } from './texts.js';

export const PAUSE_DAYS = [30, 60, 90] as const;

const attr = escapeHtml;

const languageName = (code: string, language: PageLanguage) => {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

const dateIn = (iso: string, language: PageLanguage) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** When the address's mail is paused until, if it is (the latest of its subscriptions'). */
export const pausedUntil = (shown: Subscription[], now = Date.now()) =>
  shown
    .map((s) => s.paused_until)
    .filter((d): d is string => d !== null && Date.parse(d) > now)
    .sort((a, b) => Date.parse(b) - Date.parse(a))[0];

function textInput(id: string, name: string, label: string, value: string, required = false) {
  return `<label for="${id}">${escapeHtml(label)}</label>
<input type="text" id="${id}" name="${attr(name)}" value="${attr(value)}" maxlength="1000"${required ? ' required' : ''}>`;
}

function fieldInput(f: AskedField, value: string, i: number) {
  const id = `field-${i}`;
  if (f.type === 'string') return textInput(id, `f.${f.name}`, f.label, value, f.required);
  const options = (f.choices ?? [])
    .map(
      (c) =>
        `<option value="${attr(c.value)}"${c.value === value ? ' selected' : ''}>${escapeHtml(c.display_name)}</option>`,
    )
    .join('');
  return `<label for="${id}">${escapeHtml(f.label)}</label>
<select id="${id}" name="${attr(`f.${f.name}`)}">${f.required ? '' : '<option value=""></option>'}${options}</select>`;
}

/**
 * The preference centre: a switch per list, the details, the language and the pause, saved
 * together by one POST to the same URL (the token in it is what authorises the write).
 */
export function preferencesPage(args: {
  language: PageLanguage;
  action: string;
  email: string;
  shown: Subscription[];
  offered: { id: number; name: string }[];
  fields: AskedField[];
  notice?: string;
  errors?: string[];
}): PublicPage {
  const { language, shown, fields } = args;
  const t = TEXTS[language];
  const me = shown[0]!;
  const switches = shown
    .map((s) => {
      const id = `list-${s.id}`;
      const switchable = SWITCHABLE.includes(s.subscription);
      const on = s.subscription === 'active' || s.subscription === 'pending';
      return `<label for="${id}"><input type="checkbox" role="switch" id="${id}" name="list" value="${s.id}"${on ? ' checked' : ''}${switchable ? '' : ' disabled'}> ${escapeHtml(s.list_name)}${switchable ? '' : ` <span class="small">${escapeHtml(t.bounced)}</span>`}</label>`;
    })
    .join('\n');
  const offers = args.offered
    .map(
      (l) =>
        `<label for="offer-${l.id}"><input type="checkbox" role="switch" id="offer-${l.id}" name="offer" value="${l.id}"> ${escapeHtml(l.name)}</label>`,
    )
    .join('\n');
  const languages = [...new Set(shown.flatMap((s) => s.languages))];
  const languageOptions = languages
    .map(
      (code) =>
        `<option value="${attr(code)}"${code === me.language ? ' selected' : ''}>${escapeHtml(languageName(code, language))}</option>`,
    )
    .join('');
  const until = pausedUntil(shown);
  const pauseChoices: [string, string][] = [
    ['', until ? t.pausedUntil(dateIn(until, language)) : t.noPause],
    ...PAUSE_DAYS.map((d): [string, string] => [String(d), t.pauseFor(d)]),
    ...(until ? [['resume', t.resume] as [string, string]] : []),
  ];
  const pause = pauseChoices
    .map(
      ([value, label], i) =>
        `<label for="pause-${i}"><input type="radio" id="pause-${i}" name="pause" value="${value}"${i === 0 ? ' checked' : ''}> ${escapeHtml(label)}</label>`,
    )
    .join('\n');
  const custom = fields
    .map((f, i) => {
      const value = shown.map((s) => s.custom[f.name]).find((v) => v !== undefined && v !== null);
      return fieldInput(f, value === undefined ? '' : String(value), i);
    })
    .join('\n');
  const errors = args.errors?.length
    ? `<div role="alert"><p>${escapeHtml(t.errors)}</p><ul>${args.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul></div>`
    : '';
  const notice = args.notice
    ? `<p role="status"><strong>${escapeHtml(args.notice)}</strong></p>`
    : '';
  return {
    language,
    title: t.title,
    body: `${notice}${errors}<p>${escapeHtml(t.intro(args.email))}</p>
<form method="post" action="${attr(args.action)}">
<fieldset><legend>${escapeHtml(t.lists)}</legend>
${switches}
${offers}
</fieldset>
<fieldset><legend>${escapeHtml(t.details)}</legend>
${textInput('first-name', 'first_name', t.firstName, me.first_name)}
${textInput('last-name', 'last_name', t.lastName, me.last_name)}
${custom}
<label for="language">${escapeHtml(t.language)}</label>
<select id="language" name="language">${languages.includes(me.language) ? '' : '<option value=""></option>'}${languageOptions}</select>
</fieldset>
<fieldset><legend>${escapeHtml(t.pause)}</legend>
${pause}
</fieldset>
<button type="submit">${escapeHtml(t.save)}</button>
</form>`,
  };
}

/** A short page: a message, and the form that asks for a new link when `ask` is set. */
export function messagePage(
  language: PageLanguage,
  title: string,
  text: string,
  ask = false,
): PublicPage {
  return {
    language,
    title,
    body: `<p>${escapeHtml(text)}</p>${ask ? requestForm(language) : ''}`,
  };
}

function requestForm(language: PageLanguage) {
  const t = TEXTS[language];
  return `<form method="post" action="/p">
<input type="hidden" name="lang" value="${language}">
<label for="email">${escapeHtml(t.email)}</label>
<input type="email" id="email" name="email" required autocomplete="email">
<button type="submit">${escapeHtml(t.send)}</button>
</form>`;
}

/** GET /p: ask for a link by address. */
export const requestPage = (language: PageLanguage): PublicPage => ({
  language,
  title: TEXTS[language].requestTitle,
  body: `<p>${escapeHtml(TEXTS[language].requestIntro)}</p>${requestForm(language)}`,
});
