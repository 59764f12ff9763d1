/**
 * English messages of the phone conference call (dial-in) panel (issue 16). The refusals and
 * the reasons a call ended are the shared catalogue's (shared/phone-calls.ts), so the server's
 * words and the panel's cannot drift apart. Under `phoneCall.` in en.ts.
 */
import { PHONE_CALL_END_TEXTS, PHONE_CALL_TEXTS } from '../../shared/phone-calls';

const phoneEn = {
  title: 'Phone conference call',
  noProvider: 'This server has no phone provider, so it cannot call a conference.',
  noProviderOperator:
    'The person who runs this server can set {{variables}} (or {{sip}} for a SIP trunk) and restart it.',
  intro: 'Hearken calls the conference, dials its codes and captions the call here as “Phone call”.',
  codeLabel: 'International code',
  numberLabel: 'Conference phone number',
  numberHelp: 'The conference’s dial-in number, without the international code.',
  typeLabel: 'Kind of conference',
  types: {
    zoom: 'Zoom',
    teams: 'Microsoft Teams',
    meet: 'Google Meet',
    webex: 'Webex',
    other: 'Other conference',
  },
  accessCodeLabel: 'Meeting ID or access code',
  accessCodeHelp: 'Digits only; Hearken dials it followed by #.',
  passwordLabel: 'Password (optional)',
  passwordHelp: 'Digits only.',
  call: 'Call the conference',
  calling: 'Calling…',
  hangUp: 'Hang up',
  speakerName: 'Phone call',
  statuses: {
    dialing: 'Calling the conference…',
    ringing: 'Ringing…',
    connected: 'Connected: dialling the access codes…',
    captioning: 'Captioning the phone call',
    ended: 'The phone call ended',
    failed: 'The phone call failed',
  },
  reasons: PHONE_CALL_END_TEXTS,
  errors: PHONE_CALL_TEXTS,
};

export default phoneEn;
