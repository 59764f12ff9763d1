/**
 * English messages of the desktop app's web pages (accounts.md: download, launch; conversation.md:
 * /convo-v2/launch-app) and of the displayed voiced-reply items (conversation.md, section 9).
 * Spread at the top of en.ts: its keys are `download.`, `launchApp.` and `voicedReplyItems.`.
 */
const desktopPagesEn = {
  download: {
    title: 'Download the desktop app',
    intro:
      'The desktop app shows captions over any window, captions the sound of your computer and works without a connection.',
    loading: 'Reading the list of builds…',
    noFeed:
      'Downloads are not set up on this server: no update feed is configured. Ask the people who run it for the desktop app.',
    failed: 'The list of builds could not be read: {{reason}}',
    retry: 'Try again',
    none: 'No build is published on the update feed yet.',
    caption: 'Desktop builds, one for each platform',
    platform: 'Platform',
    version: 'Version',
    size: 'Size',
    file: 'Download',
    sizeUnknown: 'not given',
    link: 'Download for {{platform}} ({{arch}})',
    missing: 'Not available for {{platform}} ({{arch}}): {{reason}}',
    linuxNote: 'On Linux the app comes as deb and rpm packages, updated by your package manager.',
    platforms: { darwin: 'macOS', win32: 'Windows', linux: 'Linux' },
    arches: { x64: '64-bit Intel or AMD', arm64: '64-bit ARM (Apple silicon)', ia32: '32-bit' },
  },
  launchApp: {
    title: 'Opening the desktop app',
    opening: 'Opening Hearken on this computer… If your browser asks, allow it to open Hearken.',
    notOpened: 'The app did not open? It may not be installed on this computer.',
    again: 'Open the app again',
    download: 'Download the desktop app',
    continue: 'Continue in the browser',
  },
  voicedReplyItems: {
    label: 'Your last voiced replies',
    browserSpeaking:
      'The server could not speak: this browser reads the reply aloud… Your microphone is muted until it ends.',
    states: {
      preparing: 'preparing the voice',
      speaking: 'speaking',
      spoken: 'spoken',
      'not-spoken': 'not spoken',
    },
    byBrowser: 'by this browser’s voice',
  },
} as const;

export default desktopPagesEn;
