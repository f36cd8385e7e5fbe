import type { DashboardLocale } from '../../../../contract/dashboard-locales.js';

/**
 * The service's own mails in each dashboard language (issue 55): invitations in the
 * inviter's language (the invitee has none yet), resets and security notices in the
 * recipient's. TypeScript checks that every language has every text.
 */
type Texts = {
  invitation: (username: string) => {
    subject: string;
    intro: string;
    action: string;
    outro: string;
  };
  reset: (username: string) => { subject: string; intro: string; action: string; outro: string };
  secondFactorNotice: (
    username: string,
    at: string,
    address: string,
  ) => {
    subject: string;
    paragraphs: string[];
  };
};

const texts: Record<DashboardLocale, Texts> = {
  en: {
    invitation: (username) => ({
      subject: 'You are invited to Mailboard',
      intro: `You have been invited to Mailboard as ${username}. Choose a password to sign in.`,
      action: 'Set your password',
      outro: 'The link works once and for 7 days. If you did not expect this, ignore this message.',
    }),
    reset: (username) => ({
      subject: 'Reset your Mailboard password',
      intro: `Someone asked to reset the password of ${username} on Mailboard.`,
      action: 'Choose a new password',
      outro:
        'The link works once and for 30 minutes. If you did not ask for this, ignore this message: your password stays as it is.',
    }),
    secondFactorNotice: (username, at, address) => ({
      subject: 'Wrong sign-in codes for your Mailboard account',
      paragraphs: [
        `Several wrong sign-in codes were entered for your Mailboard account ${username}, the last at ${at} from the address ${address}.`,
        'Further attempts now have to wait, longer after each wrong code.',
        'If this was you, wait a little and enter a current code from your authenticator app or a recovery code.',
        'If it was not you, someone knows your password: change it at once (use "Forgot password?" on the sign-in page) and tell your administrator.',
      ],
    }),
  },
  de: {
    invitation: (username) => ({
      subject: 'Einladung zu Mailboard',
      intro: `Sie wurden als ${username} zu Mailboard eingeladen. Wählen Sie ein Passwort, um sich anzumelden.`,
      action: 'Passwort festlegen',
      outro:
        'Der Link funktioniert einmal und 7 Tage lang. Wenn Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie.',
    }),
    reset: (username) => ({
      subject: 'Ihr Mailboard-Passwort zurücksetzen',
      intro: `Jemand hat angefordert, das Passwort von ${username} bei Mailboard zurückzusetzen.`,
      action: 'Neues Passwort wählen',
      outro:
        'Der Link funktioniert einmal und 30 Minuten lang. Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    }),
    secondFactorNotice: (username, at, address) => ({
      subject: 'Falsche Anmeldecodes für Ihr Mailboard-Konto',
      paragraphs: [
        `Für Ihr Mailboard-Konto ${username} wurden mehrere falsche Anmeldecodes eingegeben, zuletzt am ${at} von der Adresse ${address}.`,
        'Weitere Versuche müssen nun warten, nach jedem falschen Code länger.',
        'Wenn Sie das waren, warten Sie kurz und geben Sie einen aktuellen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
        'Wenn Sie es nicht waren, kennt jemand Ihr Passwort: Ändern Sie es sofort („Passwort vergessen?“ auf der Anmeldeseite) und informieren Sie Ihre Administration.',
      ],
    }),
  },
  fr: {
    invitation: (username) => ({
      subject: 'Invitation à Mailboard',
      intro: `Vous avez été invité à Mailboard en tant que ${username}. Choisissez un mot de passe pour vous connecter.`,
      action: 'Définir votre mot de passe',
      outro:
        'Le lien fonctionne une seule fois et pendant 7 jours. Si vous ne vous attendiez pas à ce message, ignorez-le.',
    }),
    reset: (username) => ({
      subject: 'Réinitialiser votre mot de passe Mailboard',
      intro: `Quelqu’un a demandé la réinitialisation du mot de passe de ${username} sur Mailboard.`,
      action: 'Choisir un nouveau mot de passe',
      outro:
        'Le lien fonctionne une seule fois et pendant 30 minutes. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    }),
    secondFactorNotice: (username, at, address) => ({
      subject: 'Codes de connexion erronés pour votre compte Mailboard',
      paragraphs: [
        `Plusieurs codes de connexion erronés ont été saisis pour votre compte Mailboard ${username}, le dernier le ${at} depuis l’adresse ${address}.`,
        'Les tentatives suivantes doivent désormais attendre, plus longtemps après chaque code erroné.',
        'Si c’était vous, patientez un peu puis saisissez un code actuel de votre application d’authentification ou un code de récupération.',
        'Si ce n’était pas vous, quelqu’un connaît votre mot de passe : changez-le immédiatement (« Mot de passe oublié ? » sur la page de connexion) et prévenez votre administrateur.',
      ],
    }),
  },
};

export const mailTexts = (locale: DashboardLocale): Texts => texts[locale];

/** A moment as the recipient's language writes it, in UTC (the server knows no time zone). */
export const mailMoment = (locale: DashboardLocale, at: Date) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(at);
