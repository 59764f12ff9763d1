/**
 * English messages of the host's controls of the room (features/host-controls): private or
 * public, interactive or read-only. Under `hostControls.` in en.ts.
 */
const hostControlsEn = {
  access: 'Who can come in',
  public: 'Public: anyone with the link or the room name joins',
  private: 'Private: you let each newcomer in',
  mode: 'What members can do',
  interactive: 'Interactive: members can correct the transcript',
  readOnly: 'Read-only: only you and Scribes correct the transcript',
  manage: 'Manage {{name}}',
  speechLang: 'Language {{name}} speaks (recognition)',
  chooseSpeechLang: 'Choose a language…',
  transcriptOwner: '{{name}} keeps the transcript',
};

export default hostControlsEn;
