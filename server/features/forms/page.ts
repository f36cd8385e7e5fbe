import { escapeHtml } from '../../../contract/escape-html.js';
import { textsIn, type PageLanguage, type PublicPage } from '../../lib/public-page.js';
import { askedControl, type AskedField } from '../../../contract/form-fields.js';
import { HONEYPOT } from './submission.js';
import { FORM_TEXTS } from './texts.js';

export type PageForm = {
  id: number;
  lists: { id: number; name: string }[];
  fields: AskedField[];
};

/**
 * The hosted form (GET /f/{id}): labelled fields, the list choices, the consent line, the
 * hidden honeypot and the signed timestamp; the proof-of-work script is optional.
 */
export function formPage(form: PageForm, language: PageLanguage, timestamp: string): PublicPage {
  const t = textsIn(FORM_TEXTS, language);
  const names = form.lists.map((l) => l.name).join(', ');
  const lists =
    form.lists.length === 1
      ? `<input type="hidden" name="lists" value="${form.lists[0]!.id}">`
      : `<fieldset><legend>${escapeHtml(t.lists)}</legend>${form.lists
          .map(
            (l) =>
              `<label><input type="checkbox" name="lists" value="${l.id}"> ${escapeHtml(l.name)}</label>`,
          )
          .join('')}</fieldset>`;
  const fields = form.fields
    .map((f) => {
      const id = `f-${f.name}`;
      const control = askedControl(f, { id, chooseLabel: t.choose });
      return `<label for="${escapeHtml(id)}">${escapeHtml(f.label)}</label>\n${control}`;
    })
    .join('\n');
  return {
    language,
    title: names,
    head: `\n<script type="module" src="/f/${form.id}/script.js"></script>`,
    body: `<form method="post" action="/f/${form.id}">
<label for="f-email">${escapeHtml(t.email)}</label>
<input type="email" id="f-email" name="email" required autocomplete="email" maxlength="254">
${fields}
${lists}
<div class="hp" aria-hidden="true"><label for="f-hp">${escapeHtml(t.honeypot)}</label><input type="text" id="f-hp" name="${HONEYPOT}" tabindex="-1" autocomplete="off"></div>
<input type="hidden" name="_ts" value="${escapeHtml(timestamp)}">
<p class="small">${escapeHtml(t.consent(names))} ${escapeHtml(t.poweredNote)}</p>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>`,
  };
}

export function thanksPage(language: PageLanguage): PublicPage {
  const t = textsIn(FORM_TEXTS, language);
  return { language, title: t.thanksTitle, body: `<p>${escapeHtml(t.thanks)}</p>` };
}

export function unavailablePage(language: PageLanguage): PublicPage {
  const t = textsIn(FORM_TEXTS, language);
  return { language, title: t.unavailableTitle, body: `<p>${escapeHtml(t.unavailable)}</p>` };
}
