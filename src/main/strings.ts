/**
 * Words of the main process (tray menu, tooltips, dialogs), in the app's two interface
 * languages. The renderer's translations live in src/renderer/i18n; these few are the ones
 * shown outside any page.
 */
import type { AudioStatus } from '../shared/audio-status';
import type { AudioSource, CaptionMode, DesktopThemeName, ThemeVariant } from '../shared/desktop';

export interface MainStrings {
  appName: string;
  startCaptions: string;
  stopCaptions: string;
  status: Record<AudioStatus, string>;
  offlineSuffix: string;
  captionMode: string;
  modes: Record<CaptionMode, string>;
  showCaptions: string;
  clickThrough: string;
  audio: string;
  audioSources: Record<AudioSource, string>;
  internalAudioSetup: string;
  theme: string;
  themes: Record<DesktopThemeName, string>;
  variants: Record<ThemeVariant, string>;
  bold: string;
  startAtLogin: string;
  openApp: string;
  preferences: string;
  installUpdate: string;
  updateRequired: string;
  quit: string;
  shortcutTaken: (accelerator: string) => string;
  /** The confirmation of a hearken://login link (deep-links.ts signInDialog). */
  signInLink: {
    title: string;
    question: (account: string) => string;
    detail: (server: string) => string;
    replaceQuestion: (current: string, account: string) => string;
    replaceDetail: (current: string, account: string, server: string) => string;
    signIn: string;
    cancel: string;
    keep: (current: string) => string;
    switchTo: (account: string) => string;
  };
}

const en: MainStrings = {
  appName: 'Hearken',
  startCaptions: 'Start captions',
  stopCaptions: 'Stop captions',
  status: { recording: 'Captions on', pending: 'Starting captions…', notRecording: 'Captions off' },
  offlineSuffix: ' (on this computer)',
  captionMode: 'Caption mode',
  modes: { floatingCaptions: 'Floating captions', captionsBox: 'Captions box' },
  showCaptions: 'Show captions window',
  clickThrough: 'Let clicks through floating captions',
  audio: 'Listen to',
  audioSources: {
    microphone: 'Microphone',
    internal: 'Computer audio',
    microphoneAndInternal: 'Microphone and computer audio',
  },
  internalAudioSetup: 'Set up computer audio…',
  theme: 'Theme',
  themes: { oceanBlue: 'Ocean', starryNight: 'Starry Night', fog: 'Fog', charcoal: 'Charcoal' },
  variants: { light: 'Light', dark: 'Dark' },
  bold: 'Bold text',
  startAtLogin: 'Start Hearken at login',
  openApp: 'Open Hearken',
  preferences: 'Preferences…',
  installUpdate: 'Restart to update',
  updateRequired: 'This version has expired: update Hearken',
  quit: 'Quit Hearken',
  shortcutTaken: (a) => `The shortcut ${a} is used by another application.`,
  signInLink: {
    title: 'Sign in to Hearken',
    question: (account) => `Sign in to Hearken as ${account}?`,
    detail: (server) =>
      `Your browser or another program opened a Hearken sign-in link. Your captions will be kept in this account on ${server}. If you did not just sign in on the Hearken web page, choose Cancel.`,
    replaceQuestion: (current, account) => `Hearken is signed in as ${current}. Switch to ${account}?`,
    replaceDetail: (current, account, server) =>
      `Your browser or another program opened a Hearken sign-in link for ${account} on ${server}. Switching signs ${current} out of this app, and your next captions go to ${account}. Keep ${current} unless you just signed in as ${account} on the Hearken web page.`,
    signIn: 'Sign in',
    cancel: 'Cancel',
    keep: (current) => `Keep ${current}`,
    switchTo: (account) => `Switch to ${account}`,
  },
};

const fr: MainStrings = {
  appName: 'Hearken',
  startCaptions: 'Démarrer les sous-titres',
  stopCaptions: 'Arrêter les sous-titres',
  status: {
    recording: 'Sous-titres activés',
    pending: 'Démarrage des sous-titres…',
    notRecording: 'Sous-titres désactivés',
  },
  offlineSuffix: ' (sur cet ordinateur)',
  captionMode: 'Mode des sous-titres',
  modes: { floatingCaptions: 'Sous-titres flottants', captionsBox: 'Boîte de sous-titres' },
  showCaptions: 'Afficher la fenêtre des sous-titres',
  clickThrough: 'Laisser passer les clics à travers les sous-titres flottants',
  audio: 'Écouter',
  audioSources: {
    microphone: 'Le micro',
    internal: 'Le son de l’ordinateur',
    microphoneAndInternal: 'Le micro et le son de l’ordinateur',
  },
  internalAudioSetup: 'Configurer le son de l’ordinateur…',
  theme: 'Thème',
  themes: { oceanBlue: 'Océan', starryNight: 'Nuit étoilée', fog: 'Brouillard', charcoal: 'Charbon' },
  variants: { light: 'Clair', dark: 'Sombre' },
  bold: 'Texte en gras',
  startAtLogin: 'Lancer Hearken à l’ouverture de session',
  openApp: 'Ouvrir Hearken',
  preferences: 'Préférences…',
  installUpdate: 'Redémarrer pour mettre à jour',
  updateRequired: 'Cette version a expiré : mettez Hearken à jour',
  quit: 'Quitter Hearken',
  shortcutTaken: (a) => `Le raccourci ${a} est utilisé par une autre application.`,
  signInLink: {
    title: 'Connexion à Hearken',
    question: (account) => `Se connecter à Hearken avec le compte ${account} ?`,
    detail: (server) =>
      `Votre navigateur ou un autre programme a ouvert un lien de connexion Hearken. Vos sous-titres seront conservés dans ce compte sur ${server}. Si vous ne venez pas de vous connecter sur la page web de Hearken, choisissez Annuler.`,
    replaceQuestion: (current, account) =>
      `Hearken est connecté avec le compte ${current}. Passer au compte ${account} ?`,
    replaceDetail: (current, account, server) =>
      `Votre navigateur ou un autre programme a ouvert un lien de connexion Hearken pour ${account} sur ${server}. Changer de compte déconnecte ${current} de cette application, et vos prochains sous-titres iront à ${account}. Gardez ${current}, sauf si vous venez de vous connecter avec ${account} sur la page web de Hearken.`,
    signIn: 'Se connecter',
    cancel: 'Annuler',
    keep: (current) => `Garder ${current}`,
    switchTo: (account) => `Passer à ${account}`,
  },
};

/** The strings for a language setting ('' follows the system locale, e.g. "fr-CA"). */
export function mainStrings(language: string, systemLocale: string): MainStrings {
  const lang = (language || systemLocale).toLowerCase();
  return lang.startsWith('fr') ? fr : en;
}
