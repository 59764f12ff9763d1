import type { Messages } from './types';
import type hostControlsEn from './host-controls.en';

/** French messages of the host's controls of the room (see host-controls.en.ts). */
const hostControlsFr: Messages<typeof hostControlsEn> = {
  access: 'Qui peut entrer',
  public: 'Publique : toute personne qui a le lien ou le nom de la salle entre',
  private: 'Privée : vous laissez entrer chaque nouvel arrivant',
  mode: 'Ce que les membres peuvent faire',
  interactive: 'Interactive : les membres peuvent corriger la transcription',
  readOnly: 'Lecture seule : seuls vous et les Scribes corrigez la transcription',
  manage: 'Gérer {{name}}',
  speechLang: 'Langue parlée par {{name}} (reconnaissance)',
  chooseSpeechLang: 'Choisir une langue…',
  transcriptOwner: '{{name}} garde la transcription',
};

export default hostControlsFr;
