/**
 * Plays a voiced reply on this device, where the hearing people are: an <audio> element on the
 * page (hidden; the reply is already on screen as a typed line), playing the WAV from memory.
 */

export interface Playback {
  /** Resolves when the track ends, or fails part-way (either way the reply is over). */
  ended: Promise<void>;
  /** Stops it now and releases the element. */
  stop(): void;
}

export interface VoicePlayer {
  /** Starts playing; rejects when the browser refuses to play it. */
  play(wav: Uint8Array): Promise<Playback>;
}

export const VOICED_REPLY_AUDIO_TEST_ID = 'voiced-reply-audio';

export function browserVoicePlayer(page: () => Document = () => document): VoicePlayer {
  return {
    async play(wav) {
      const doc = page();
      const url = URL.createObjectURL(new Blob([wav as BlobPart], { type: 'audio/wav' }));
      const audio = doc.createElement('audio');
      audio.dataset.testid = VOICED_REPLY_AUDIO_TEST_ID;
      audio.hidden = true;
      audio.src = url;
      doc.body.append(audio);
      const release = () => {
        audio.pause();
        audio.remove();
        URL.revokeObjectURL(url);
      };
      const ended = new Promise<void>((resolve) => {
        audio.addEventListener('ended', () => resolve(), { once: true });
        audio.addEventListener('error', () => resolve(), { once: true });
      });
      try {
        await audio.play();
      } catch (error) {
        release();
        throw error;
      }
      return { ended, stop: release };
    },
  };
}
