/**
 * English text of the terms of service, the privacy policy, the FAQ and the public footer.
 * Spread at the top of en.ts: its keys are `legal.` and `footer.`.
 */
const legalEn = {
  legal: {
    updated: 'Last updated: {{date}}',
    terms: {
      title: 'Terms of service',
      intro:
        'These terms apply when you use Hearken, on the web or in the desktop app, as a guest or with an account.',
      sections: {
        service: {
          heading: 'The service',
          body: 'Hearken shows live captions of conversations and keeps their transcripts when you ask it to. Captions are made by speech recognition and can be wrong: do not rely on them alone where a mistake could cause harm.',
        },
        account: {
          heading: 'Your account',
          body: 'You are responsible for what is done with your account. Keep your sign-in private. An organization’s administrator can see its members, their usage and the problems they report.',
        },
        use: {
          heading: 'Acceptable use',
          body: 'Do not caption people without their knowledge where the law requires their consent, do not try to reach conversations you were not invited to, and do not overload the service.',
        },
        content: {
          heading: 'Your content',
          body: 'What is said and typed in your conversations stays yours. We process it only to caption, translate, save and export it for you and the people in the conversation.',
        },
        plans: {
          heading: 'Plans and payment',
          body: 'Paid plans renew until cancelled; a cancelled licence runs to the end of its paid period. Trials end on their own after 15 days.',
        },
        changes: {
          heading: 'Changes',
          body: 'We may change these terms; we will say so in the app before a change applies to you.',
        },
      },
    },
    privacy: {
      title: 'Privacy policy',
      intro: 'This policy says what Hearken keeps about you, why, and for how long.',
      sections: {
        collected: {
          heading: 'What we keep',
          body: 'Your profile (name, email, organization), the transcripts you choose to save, your settings, and technical logs of errors from your browser or app.',
        },
        audio: {
          heading: 'Audio',
          body: 'Audio is turned into captions as it arrives and is not recorded. Recognition runs on this service’s own servers.',
        },
        sharing: {
          heading: 'Who sees it',
          body: 'The people in a conversation see its captions. Your organization’s administrator sees your usage and the problems you report. When an administrator or a host invites you, the email goes only to you, with the link, and the host is not shown your address. We sell nothing to anyone.',
        },
        retention: {
          heading: 'How long',
          body: 'Saved transcripts stay until you delete them. Error logs are deleted after the retention period the operator sets.',
        },
        rights: {
          heading: 'Your rights',
          body: 'You can read, correct and delete your profile and transcripts from your account settings and history, or ask the operator of this service.',
        },
      },
    },
    faq: {
      title: 'Frequently asked questions',
      items: {
        account: {
          question: 'Do I need an account?',
          answer:
            'No: you can join a conversation as a guest. An account keeps your transcripts and settings.',
        },
        accuracy: {
          question: 'Why are some words wrong?',
          answer:
            'Speech recognition makes mistakes, more so with noise or several people at once. You can correct captions, add words to your boost list, or ask for a Scribe.',
        },
        join: {
          question: 'How do others join my conversation?',
          answer: 'Share the conversation’s name, its link or its QR code from the conversation’s details.',
        },
        problem: {
          question: 'Something went wrong. What can I do?',
          answer: 'Use “Report a problem” in the conversation’s details or on its transcript page.',
        },
      },
    },
  },
  footer: {
    label: 'About Hearken',
    faq: 'FAQ',
    privacy: 'Privacy',
    terms: 'Terms',
  },
} as const;

export default legalEn;
