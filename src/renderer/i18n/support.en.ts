/**
 * English messages of reporting a problem (the dialog and the admin's list). Spread at the top
 * of en.ts: its keys are `problemReport.` and `problemReports.`.
 */
const supportEn = {
  problemReport: {
    open: 'Report a problem',
    title: 'Report a problem',
    intro:
      'Tell us what went wrong. Your report goes to the people who run this service and, if you belong to an organization, to its administrator.',
    category: 'What is it about?',
    categories: {
      captions: 'Captions',
      audio: 'Sound or microphone',
      connection: 'Connection',
      transcript: 'Transcript',
      other: 'Something else',
    },
    description: 'What happened?',
    descriptionHelp: 'At least {{min}} characters.',
    tooShort: 'Please say a little more: at least {{min}} characters.',
    tooLong: 'Please keep it under {{max}} characters.',
    withRoom: 'This conversation is attached to the report.',
    send: 'Send report',
    sending: 'Sending…',
    cancel: 'Cancel',
    close: 'Close',
    sent: 'Thank you: your report was sent.',
    failed: 'The report could not be sent: {{message}}',
  },
  problemReports: {
    heading: 'Problems reported',
    intro: 'What your members reported from their conversations, newest first.',
    none: 'Nobody has reported a problem.',
    loading: 'Loading the reports…',
    failed: 'The reports could not be loaded: {{message}}',
    caption: 'Problems reported by members',
    when: 'When',
    who: 'Who',
    category: 'About',
    description: 'What happened',
    room: 'Conversation',
  },
} as const;

export default supportEn;
