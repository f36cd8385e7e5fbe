import type { TextTable } from '../../lib/public-page.js';

/** The hosted form's and thank-you page's words in each language (issue 50, item 6). */
export const FORM_TEXTS: TextTable<{
  email: string;
  lists: string;
  submit: string;
  consent: (lists: string) => string;
  honeypot: string;
  thanksTitle: string;
  thanks: string;
  unavailableTitle: string;
  unavailable: string;
  poweredNote: string;
  choose: string;
}> = {
  en: {
    email: 'Email address',
    lists: 'Lists',
    submit: 'Subscribe',
    consent: (lists) =>
      `By subscribing you agree to receive ${lists} by email. You can unsubscribe at any time with the link in every message.`,
    honeypot: 'Leave this field empty',
    thanksTitle: 'Almost done',
    thanks:
      'Thank you. If this address is new to us, we have sent it a message: follow its link to confirm your subscription.',
    unavailableTitle: 'Form not available',
    unavailable: 'This sign-up form does not exist or no longer offers any list.',
    poweredNote: 'Nothing is sent until you confirm.',
    choose: 'Choose…',
  },
  de: {
    email: 'E-Mail-Adresse',
    lists: 'Listen',
    submit: 'Abonnieren',
    consent: (lists) =>
      `Mit dem Abonnieren stimmen Sie zu, ${lists} per E-Mail zu erhalten. Sie können sich jederzeit über den Link in jeder Nachricht abmelden.`,
    honeypot: 'Dieses Feld leer lassen',
    thanksTitle: 'Fast geschafft',
    thanks:
      'Vielen Dank. Wenn diese Adresse neu für uns ist, haben wir ihr eine Nachricht geschickt: Folgen Sie dem Link darin, um Ihr Abonnement zu bestätigen.',
    unavailableTitle: 'Formular nicht verfügbar',
    unavailable: 'Dieses Anmeldeformular gibt es nicht, oder es bietet keine Liste mehr an.',
    poweredNote: 'Wir senden nichts, bevor Sie bestätigen.',
    choose: 'Bitte wählen…',
  },
  fr: {
    email: 'Adresse e-mail',
    lists: 'Listes',
    submit: 'S’abonner',
    consent: (lists) =>
      `En vous abonnant, vous acceptez de recevoir ${lists} par e-mail. Vous pouvez vous désabonner à tout moment grâce au lien présent dans chaque message.`,
    honeypot: 'Laissez ce champ vide',
    thanksTitle: 'C’est presque fini',
    thanks:
      'Merci. Si cette adresse est nouvelle pour nous, nous lui avons envoyé un message : suivez son lien pour confirmer votre abonnement.',
    unavailableTitle: 'Formulaire indisponible',
    unavailable: 'Ce formulaire d’inscription n’existe pas ou ne propose plus aucune liste.',
    poweredNote: 'Rien n’est envoyé avant votre confirmation.',
    choose: 'Choisir…',
  },
};
