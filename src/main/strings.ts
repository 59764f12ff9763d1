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
};

/** The strings for a language setting ('' follows the system locale, e.g. "fr-CA"). */
export function mainStrings(language: string, systemLocale: string): MainStrings {
  const lang = (language || systemLocale).toLowerCase();
  return lang.startsWith('fr') ? fr : en;
}
