import type { TextTable } from '../../lib/public-page.js';

/** The preference centre's words in each page language (server/lib/public-page.ts). */
export type PreferenceTexts = {
  title: string;
  intro: (email: string) => string;
  lists: string;
  bounced: string;
  details: string;
  firstName: string;
  lastName: string;
  language: string;
  pause: string;
  noPause: string;
  pauseFor: (days: number) => string;
  pausedUntil: (date: string) => string;
  resume: string;
  save: string;
  saved: string;
  invalid: string;
  invalidTitle: string;
  expired: string;
  gone: string;
  test: string;
  requestTitle: string;
  requestIntro: string;
  email: string;
  send: string;
  requestDone: string;
  mailSubject: string;
  mailIntro: string;
  mailIgnore: string;
  errors: string;
};

export const TEXTS: TextTable<PreferenceTexts> = {
  en: {
    title: 'Your subscription',
    intro: (email) => `Choose what ${email} receives. Nothing changes until you press “Save”.`,
    lists: 'Lists',
    bounced: '(our mail to this address bounced)',
    details: 'Your details',
    firstName: 'First name',
    lastName: 'Last name',
    language: 'Language',
    pause: 'Pause',
    noPause: 'Do not pause',
    pauseFor: (days) => `Pause all mail for ${days} days`,
    pausedUntil: (date) => `Your mail is paused until ${date}; it resumes by itself.`,
    resume: 'Resume now',
    save: 'Save',
    saved: 'Your choices are saved.',
    invalidTitle: 'This link is not valid',
    invalid: 'The link is incomplete or was changed. Ask for a new one below.',
    expired: 'This link is too old. Ask for a new one below.',
    gone: 'This subscription no longer exists.',
    test: 'This was a test message: there is no subscription to manage.',
    requestTitle: 'Manage your subscription',
    requestIntro: 'Enter your email address and we will send you a link to your preferences.',
    email: 'Email address',
    send: 'Send me a link',
    requestDone:
      'If this address receives our mail, a link to its preferences is on its way. It can take a few minutes; at most one link is sent per hour.',
    mailSubject: 'Manage your subscription',
    mailIntro: 'Open this link to choose what you receive:',
    mailIgnore: 'If you did not ask for this, ignore this message.',
    errors: 'Please correct the following:',
  },
  de: {
    title: 'Ihr Abonnement',
    intro: (email) =>
      `Wählen Sie, was ${email} erhält. Nichts ändert sich, bevor Sie „Speichern“ drücken.`,
    lists: 'Listen',
    bounced: '(unsere E-Mails an diese Adresse kamen zurück)',
    details: 'Ihre Angaben',
    firstName: 'Vorname',
    lastName: 'Nachname',
    language: 'Sprache',
    pause: 'Pause',
    noPause: 'Nicht pausieren',
    pauseFor: (days) => `Alle E-Mails für ${days} Tage pausieren`,
    pausedUntil: (date) =>
      `Ihre E-Mails sind bis ${date} pausiert; danach geht es von selbst weiter.`,
    resume: 'Jetzt fortsetzen',
    save: 'Speichern',
    saved: 'Ihre Auswahl ist gespeichert.',
    invalidTitle: 'Dieser Link ist ungültig',
    invalid: 'Der Link ist unvollständig oder wurde verändert. Fordern Sie unten einen neuen an.',
    expired: 'Dieser Link ist zu alt. Fordern Sie unten einen neuen an.',
    gone: 'Dieses Abonnement gibt es nicht mehr.',
    test: 'Dies war eine Testnachricht: Es gibt kein Abonnement zu verwalten.',
    requestTitle: 'Abonnement verwalten',
    requestIntro:
      'Geben Sie Ihre E-Mail-Adresse ein, und wir senden Ihnen einen Link zu Ihren Einstellungen.',
    email: 'E-Mail-Adresse',
    send: 'Link senden',
    requestDone:
      'Wenn diese Adresse unsere E-Mails erhält, ist ein Link zu ihren Einstellungen unterwegs. Das kann einige Minuten dauern; höchstens ein Link pro Stunde wird gesendet.',
    mailSubject: 'Abonnement verwalten',
    mailIntro: 'Öffnen Sie diesen Link, um zu wählen, was Sie erhalten:',
    mailIgnore: 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht.',
    errors: 'Bitte korrigieren Sie Folgendes:',
  },
  fr: {
    title: 'Votre abonnement',
    intro: (email) =>
      `Choisissez ce que ${email} reçoit. Rien ne change avant que vous appuyiez sur « Enregistrer ».`,
    lists: 'Listes',
    bounced: '(nos messages à cette adresse ont été rejetés)',
    details: 'Vos informations',
    firstName: 'Prénom',
    lastName: 'Nom',
    language: 'Langue',
    pause: 'Pause',
    noPause: 'Pas de pause',
    pauseFor: (days) => `Suspendre tous les messages pendant ${days} jours`,
    pausedUntil: (date) =>
      `Vos messages sont suspendus jusqu’au ${date} ; ils reprendront d’eux-mêmes.`,
    resume: 'Reprendre maintenant',
    save: 'Enregistrer',
    saved: 'Vos choix sont enregistrés.',
    invalidTitle: 'Ce lien n’est pas valide',
    invalid: 'Le lien est incomplet ou a été modifié. Demandez-en un nouveau ci-dessous.',
    expired: 'Ce lien est trop ancien. Demandez-en un nouveau ci-dessous.',
    gone: 'Cet abonnement n’existe plus.',
    test: 'Il s’agissait d’un message de test : il n’y a pas d’abonnement à gérer.',
    requestTitle: 'Gérer votre abonnement',
    requestIntro:
      'Saisissez votre adresse e-mail et nous vous enverrons un lien vers vos préférences.',
    email: 'Adresse e-mail',
    send: 'M’envoyer un lien',
    requestDone:
      'Si cette adresse reçoit nos messages, un lien vers ses préférences est en route. Cela peut prendre quelques minutes ; au plus un lien est envoyé par heure.',
    mailSubject: 'Gérer votre abonnement',
    mailIntro: 'Ouvrez ce lien pour choisir ce que vous recevez :',
    mailIgnore: 'Si vous n’avez rien demandé, ignorez ce message.',
    errors: 'Veuillez corriger ce qui suit :',
  },
};
