/** Messages français des aides à la lecture (issue 13), sous `readingAids.` dans fr.ts. */
import type { Messages } from './types';
import type readingAidsEn from './reading-aids.en';

const readingAidsFr: Messages<typeof readingAidsEn> = {
  delay: {
    label: 'Retard des sous-titres',
    value: '{{seconds}} s',
    p95: '(la plupart des mots en moins de {{seconds}} s)',
    late: 'Les sous-titres ont du retard',
    warning: 'Les sous-titres ont plus de {{seconds}} secondes de retard sur la parole.',
  },
  marker: {
    label: 'Lecture arrêtée ici',
    newSince_one: '1 nouvelle ligne depuis l’arrêt de votre lecture',
    newSince_other: '{{count}} nouvelles lignes depuis l’arrêt de votre lecture',
  },
  emphasis: {
    label: 'Noms et nombres en gras',
    help: 'Aide à repérer l’essentiel dans les sous-titres.',
  },
  profanity: {
    label: 'Filtre des grossièretés',
    help: 'S’applique aux sous-titres que vous lisez ; la transcription enregistrée garde ce qui a été dit.',
    levels: {
      '0': 'Désactivé : afficher tous les mots',
      '1': 'Léger : masquer les jurons les plus forts',
      '2': 'Standard : masquer les jurons',
      '3': 'Strict : masquer entièrement jurons et insultes',
    },
  },
  fallbackEngine:
    'Les sous-titres viennent pour l’instant du moteur de reconnaissance de base (le plus précis n’est pas installé sur ce serveur) : attendez-vous à plus d’erreurs.',
};

export default readingAidsFr;
