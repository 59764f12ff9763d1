/** Messages français de la correction des sous-titres (issue 12), sous `editing.` dans fr.ts. */
const editingFr = {
  toggle: 'Corriger les sous-titres',
  heading: 'Corriger les sous-titres',
  help: 'Les flèches passent d’un mot et d’une ligne à l’autre ; tapez ou appuyez sur Entrée pour remplacer un mot, Entrée pour enregistrer, Échap pour annuler. Un mot vide est supprimé. Après le dernier mot, vous pouvez en ajouter un.',
  readonly: 'Ce lien est en lecture seule : vous pouvez lire les sous-titres, pas les corriger.',
  ended: 'La conversation est terminée : sa transcription ne peut plus être corrigée.',
  disabled: 'La modification a été désactivée par l’hôte',
  replace: 'Remplacer « {{word}} »',
  addWord: 'Ajouter un mot à la fin de la ligne',
  correctedLine: '(corrigé)',
  corrected: 'corrigé',
  tentative: 'peut encore changer',
  othersHere_one: 'quelqu’un d’autre modifie ici',
  othersHere_other: '{{count}} autres personnes modifient ici',
  announce: 'Sous-titre corrigé : {{text}}',
  refused: 'Votre correction n’a pas été enregistrée : {{message}}',
  disableForMembers: 'Les membres peuvent corriger les sous-titres',
} as const;

export default editingFr;
