/** Messages français des pages de l'application de bureau et des réponses vocales affichées (desktop-pages.en.ts). */
import type { Messages } from './types';
import type desktopPagesEn from './desktop-pages.en';

const desktopPagesFr: Messages<typeof desktopPagesEn> = {
  download: {
    title: 'Télécharger l’application de bureau',
    intro:
      'L’application de bureau affiche les sous-titres par-dessus toute fenêtre, sous-titre le son de votre ordinateur et fonctionne sans connexion.',
    loading: 'Lecture de la liste des versions…',
    noFeed:
      'Les téléchargements ne sont pas configurés sur ce serveur : aucun flux de mise à jour n’est défini. Demandez l’application de bureau aux personnes qui le gèrent.',
    failed: 'La liste des versions n’a pas pu être lue : {{reason}}',
    retry: 'Réessayer',
    none: 'Aucune version n’est encore publiée sur le flux de mise à jour.',
    caption: 'Versions de bureau, une par plateforme',
    platform: 'Plateforme',
    version: 'Version',
    size: 'Taille',
    file: 'Télécharger',
    sizeUnknown: 'non indiquée',
    link: 'Télécharger pour {{platform}} ({{arch}})',
    missing: 'Indisponible pour {{platform}} ({{arch}}) : {{reason}}',
    linuxNote:
      'Sous Linux, l’application est fournie en paquets deb et rpm, mis à jour par votre gestionnaire de paquets.',
    platforms: { darwin: 'macOS', win32: 'Windows', linux: 'Linux' },
    arches: { x64: 'Intel ou AMD 64 bits', arm64: 'ARM 64 bits (Apple silicon)', ia32: '32 bits' },
  },
  launchApp: {
    title: 'Ouverture de l’application de bureau',
    opening:
      'Ouverture de Hearken sur cet ordinateur… Si votre navigateur le demande, autorisez-le à ouvrir Hearken.',
    notOpened: 'L’application ne s’est pas ouverte ? Elle n’est peut-être pas installée sur cet ordinateur.',
    again: 'Ouvrir l’application à nouveau',
    download: 'Télécharger l’application de bureau',
    continue: 'Continuer dans le navigateur',
  },
  voicedReplyItems: {
    label: 'Vos dernières réponses vocales',
    browserSpeaking:
      'Le serveur n’a pas pu parler : ce navigateur lit la réponse à voix haute… Votre micro est coupé jusqu’à la fin.',
    states: {
      preparing: 'préparation de la voix',
      speaking: 'lecture en cours',
      spoken: 'lue',
      'not-spoken': 'non lue',
    },
    byBrowser: 'par la voix de ce navigateur',
  },
};

export default desktopPagesFr;
