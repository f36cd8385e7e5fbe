import { plural, t } from '@lingui/core/macro';

/**
 * The layout's messages in the dashboard's language. The zip and render workers (and the
 * service's 400s, contract/zip-entries.ts) write them in English and load no catalog: the
 * page maps each known English text to its catalog message where it shows it; a text it does
 * not know is shown as it came.
 */
// Every group of a pattern takes part in its match: the captured parts are strings.
type Groups = [string, string, string, string];
type Rule = [RegExp, (m: Groups) => string];

// The captured parts are paths, sizes and counts: they go into the message unchanged.
const rules: Rule[] = [
  [/^The zip archive is empty\.$/, () => t`The zip archive is empty.`],
  [
    /^The archive is (.+); the service accepts at most (.+)\. Make the images smaller or remove files it does not need\.$/,
    ([, size, max]) =>
      t`The archive is ${size}; the service accepts at most ${max}. Make the images smaller or remove files it does not need.`,
  ],
  [
    /^The archive is encrypted\. Zip the layout again without a password\.$/,
    () => t`The archive is encrypted. Zip the layout again without a password.`,
  ],
  [
    /^The archive uses a compression method the service does not support\./,
    () =>
      t`The archive uses a compression method the service does not support. Zip it again with an ordinary tool (stored or deflated entries).`,
  ],
  [/^The file is not a valid zip archive\.$/, () => t`The file is not a valid zip archive.`],
  [
    /^The archive has (\d+) entries; the service accepts at most (\d+)\./,
    ([, count, max]) =>
      t`The archive has ${count} entries; the service accepts at most ${max}. Remove files the layout does not need.`,
  ],
  [
    /^The archive inflates to more than (.+?); the service accepts at most (.+?)\./,
    ([, , max]) =>
      t`The archive inflates to more than ${max}; the service accepts at most ${max}. Remove unused files or make the images smaller.`,
  ],
  [
    /^"(.+)" is compressed more than (\d+):1, which is not plausible/,
    ([, path, ratio]) =>
      t`"${path}" is compressed more than ${ratio}:1, which is not plausible for a layout (zip bomb?). Zip the layout again with an ordinary tool.`,
  ],
  [
    /^"(.+)" cannot be inflated; the archive is damaged\.$/,
    ([, path]) => t`"${path}" cannot be inflated; the archive is damaged.`,
  ],
  [
    /^"(.+)" is not a (\w+) image, although its name says so\./,
    ([, path, format]) =>
      t`"${path}" is not a ${format} image, although its name says so. Save it again in that format.`,
  ],
  [
    /^The archive has no (\S+) at its root \(found "(.+)"\)\./,
    ([, index, found]) =>
      t`The archive has no ${index} at its root (found "${found}"). Zip the contents of the folder, not the folder itself.`,
  ],
  [
    /^The archive has no (\S+) at its root\. Add the layout's HTML as/,
    ([, index]) => t`The archive has no ${index} at its root. Add the layout's HTML as ${index}.`,
  ],
  [
    /^(\S+) shows "(.+)", which is not in the archive\./,
    ([, index, path]) =>
      t`${index} shows "${path}", which is not in the archive. Add the image under images/ or correct the reference.`,
  ],
  [
    /^(\S+) shows the image "(.+)", which is outside images\/; .* as "(.+)"\.$/,
    ([, index, reference, moved]) =>
      t`${index} shows the image "${reference}", which is outside images/; the service imports images from images/ only. Move it into images/ and reference it as "${moved}".`,
  ],
  [
    /^(\S+) refers to "(.+)", which the service does not import/,
    ([, index, reference]) =>
      t`${index} refers to "${reference}", which the service does not import (only images under images/ are). Use an absolute https:// address or inline it.`,
  ],
  [
    /^(\d+) images? (?:is|are) not referenced by (\S+) and will not be imported\.$/,
    ([, count, index]) => {
      const images = Number(count);
      return plural(images, {
        one: `# image is not referenced by ${index} and will not be imported.`,
        other: `# images are not referenced by ${index} and will not be imported.`,
      });
    },
  ],
  [/^The layout could not be rendered\.$/, () => t`The layout could not be rendered.`],
  [/^The renderer stopped\.$/, () => t`The renderer stopped.`],
  [/^The layout could not be processed\.$/, () => t`The layout could not be processed.`],
  [
    /^The layout could not be read: (.*)$/s,
    ([, cause]) => {
      const why = layoutMessage(cause);
      return t`The layout could not be read: ${why}`;
    },
  ],
];

const reasons: Rule[] = [
  [/^system file$/, () => t`system file`],
  [
    /^outside images\/ \(only (\S+) and images\/ are read\)$/,
    ([, index]) => t`outside images/ (only ${index} and images/ are read)`,
  ],
  [/^not a (\S+) image$/, ([, formats]) => t`not a ${formats} image`],
  [/^outside the folder of (\S+)$/, ([, index]) => t`outside the folder of ${index}`],
  [
    /^not used by the service \(only (\S+) and images\/ are\)$/,
    ([, index]) => t`not used by the service (only ${index} and images/ are)`,
  ],
  [/^another file already became (.+)$/, ([, path]) => t`another file already became ${path}`],
];

function translate(table: Rule[], text: string): string {
  for (const [pattern, message] of table) {
    const match = pattern.exec(text);
    if (match) return message(match as unknown as Groups);
  }
  return text;
}

/** A problem, warning or error of a layout, in the dashboard's language where known. */
export const layoutMessage = (text: string) => translate(rules, text);

/** Why a file was left out of a layout, in the dashboard's language where known. */
export const ignoredReason = (text: string) => translate(reasons, text);
