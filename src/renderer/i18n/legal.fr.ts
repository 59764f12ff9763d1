/** Textes français des conditions d'utilisation, de la politique de confidentialité, de la FAQ et du pied de page (legal.en.ts). */
import type { Messages } from './types';
import type legalEn from './legal.en';

const legalFr: Messages<typeof legalEn> = {
  legal: {
    updated: 'Dernière mise à jour : {{date}}',
    terms: {
      title: 'Conditions d’utilisation',
      intro:
        'Ces conditions s’appliquent quand vous utilisez Hearken, sur le web ou dans l’application de bureau, en invité ou avec un compte.',
      sections: {
        service: {
          heading: 'Le service',
          body: 'Hearken affiche les sous-titres en direct des conversations et garde leurs transcriptions quand vous le demandez. Les sous-titres viennent de la reconnaissance vocale et peuvent être faux : ne vous y fiez pas seuls là où une erreur pourrait nuire.',
        },
        account: {
          heading: 'Votre compte',
          body: 'Vous êtes responsable de ce qui est fait avec votre compte. Gardez votre connexion pour vous. L’administrateur d’une organisation voit ses membres, leur utilisation et les problèmes qu’ils signalent.',
        },
        use: {
          heading: 'Usage acceptable',
          body: 'Ne sous-titrez personne à son insu là où la loi exige son accord, n’essayez pas d’entrer dans des conversations où vous n’êtes pas invité, et ne surchargez pas le service.',
        },
        content: {
          heading: 'Vos contenus',
          body: 'Ce qui est dit et écrit dans vos conversations reste à vous. Nous ne le traitons que pour le sous-titrer, le traduire, l’enregistrer et l’exporter pour vous et les personnes de la conversation.',
        },
        plans: {
          heading: 'Offres et paiement',
          body: 'Les offres payantes se renouvellent jusqu’à leur résiliation ; une licence résiliée court jusqu’à la fin de sa période payée. Les essais se terminent seuls après 15 jours.',
        },
        changes: {
          heading: 'Modifications',
          body: 'Nous pouvons modifier ces conditions ; nous le dirons dans l’application avant qu’une modification s’applique à vous.',
        },
      },
    },
    privacy: {
      title: 'Politique de confidentialité',
      intro: 'Cette politique dit ce que Hearken garde de vous, pourquoi et combien de temps.',
      sections: {
        collected: {
          heading: 'Ce que nous gardons',
          body: 'Votre profil (nom, e-mail, organisation), les transcriptions que vous choisissez d’enregistrer, vos réglages, et les journaux techniques d’erreurs de votre navigateur ou application.',
        },
        audio: {
          heading: 'Le son',
          body: 'Le son est transformé en sous-titres à son arrivée et n’est pas enregistré. La reconnaissance tourne sur les serveurs de ce service.',
        },
        sharing: {
          heading: 'Qui le voit',
          body: 'Les personnes d’une conversation voient ses sous-titres. L’administrateur de votre organisation voit votre utilisation et les problèmes que vous signalez. Quand un administrateur ou un hôte vous invite, l’e-mail ne va qu’à vous, avec le lien, et votre adresse n’est pas montrée à l’hôte. Nous ne vendons rien à personne.',
        },
        retention: {
          heading: 'Combien de temps',
          body: 'Les transcriptions enregistrées restent jusqu’à ce que vous les supprimiez. Les journaux d’erreurs sont supprimés après la durée fixée par l’opérateur.',
        },
        rights: {
          heading: 'Vos droits',
          body: 'Vous pouvez lire, corriger et supprimer votre profil et vos transcriptions depuis les réglages de votre compte et votre historique, ou le demander à l’opérateur de ce service.',
        },
      },
    },
    faq: {
      title: 'Questions fréquentes',
      items: {
        account: {
          question: 'Ai-je besoin d’un compte ?',
          answer:
            'Non : vous pouvez rejoindre une conversation en invité. Un compte garde vos transcriptions et vos réglages.',
        },
        accuracy: {
          question: 'Pourquoi certains mots sont-ils faux ?',
          answer:
            'La reconnaissance vocale se trompe, surtout avec du bruit ou plusieurs personnes à la fois. Vous pouvez corriger les sous-titres, ajouter des mots à votre liste, ou demander un Scribe.',
        },
        join: {
          question: 'Comment les autres rejoignent-ils ma conversation ?',
          answer:
            'Partagez le nom de la conversation, son lien ou son code QR depuis les détails de la conversation.',
        },
        problem: {
          question: 'Quelque chose n’a pas marché. Que faire ?',
          answer:
            'Utilisez « Signaler un problème » dans les détails de la conversation ou sur la page de sa transcription.',
        },
      },
    },
  },
  footer: {
    label: 'À propos de Hearken',
    faq: 'FAQ',
    privacy: 'Confidentialité',
    terms: 'Conditions',
  },
};

export default legalFr;
