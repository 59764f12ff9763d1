/**
 * Messages français du boost de vocabulaire (docs/boost.md) : l'offre, en fin de conversation,
 * des mots corrigés. Sous `boost.` dans fr.ts.
 */
const boostFr = {
  offer: {
    title: 'Favoriser ces mots la prochaine fois ?',
    intro:
      'Ces mots ont été corrigés pendant cette conversation. Choisissez ceux que la reconnaissance doit désormais favoriser ; rien n’est ajouté sans votre choix.',
    legend: 'Mots corrigés',
    corrected_one: 'corrigé une fois',
    corrected_other: 'corrigé {{count}} fois',
    add_one: 'Ajouter {{count}} mot à ma liste',
    add_other: 'Ajouter {{count}} mots à ma liste',
    skip: 'Pas maintenant',
  },
  failed: 'Vos mots n’ont pas été ajoutés',
  upgradeRequired: 'Favoriser des mots demande un abonnement supérieur',
  switch: {
    label: 'Favoriser mes mots',
    help_zero:
      'Votre liste est vide : les mots corrigés pendant une conversation vous sont proposés à la fin.',
    help_one: 'La reconnaissance de votre voix favorise le {{count}} mot de votre liste.',
    help_other: 'La reconnaissance de votre voix favorise les {{count}} mots de votre liste.',
    inUse: 'Utilisée pour cet enregistrement.',
  },
} as const;

export default boostFr;
