import { names } from './names.js';
import type { Random } from './random.js';

export type Person = {
  firstName: string;
  lastName: string;
  gender: '' | 'm' | 'f';
  email: string;
  dateOfBirth: string | null;
};

// RFC 2606 domains only: demo addresses must never reach a real mailbox.
const domains = [
  'example.com',
  'example.org',
  'example.net',
  'mail.example.com',
  'post.example.org',
  'inbox.example.net',
];

const ascii = (s: string) =>
  s
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '');

/**
 * A believable person for a language: gendered first name, last name, a birthday for most,
 * and an email unique within `taken` (lower-cased addresses of the list).
 */
export function makePerson(random: Random, language: string, taken: Set<string>): Person {
  const book = names[language as keyof typeof names] ?? names.en;
  const female = random.chance(0.52);
  const first = random.pick(female ? book.female : book.male);
  const last = random.pick(book.last);
  const gender = random.chance(0.1) ? '' : female ? 'f' : 'm';
  const [f, l] = [ascii(first), ascii(last)];
  const local = random.pick([
    `${f}.${l}`,
    `${f}.${l}`,
    `${f.charAt(0)}.${l}`,
    `${f}${l}`,
    `${f}_${l}`,
    `${l}.${f}`,
  ]);
  // A few addresses keep their capitals: stored as given, unique case-insensitively.
  const base = random.chance(0.05) ? local : local.toLowerCase();
  const domain = random.pick(domains);
  let email = `${base}@${domain}`;
  for (let n = 2; taken.has(email.toLowerCase()); n++) email = `${base}${n}@${domain}`;
  taken.add(email.toLowerCase());
  const blankName = random.chance(0.04);
  return {
    firstName: blankName ? '' : first,
    lastName: blankName ? '' : last,
    gender,
    email,
    dateOfBirth: random.chance(0.8)
      ? `${random.int(1948, 2006)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`
      : null,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
