/**
 * Speaking into a test conversation: streams recorded speech (paced like a microphone, faster
 * than real time), a second of silence so the last line ends, stops, and waits until the server
 * says this speaker's stream stopped, which it does only after the last final was sent.
 */
import type { Transcript } from '../../src/shared/entities';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { streamAudio, type CaptionClient } from '../../scripts/lib/socket-client';

export async function speak(
  client: CaptionClient,
  samples: Int16Array,
  options: { speed?: number; alreadyRecording?: boolean } = {},
): Promise<Transcript[]> {
  const speed = options.speed ?? 3;
  const mark = client.received.length;
  if (!options.alreadyRecording) client.startAudio();
  // One clock for the speech and the second of silence after it, as from a microphone.
  const pacer = new ChunkPacer(speed);
  await streamAudio(client, samples, { speed, pacer });
  await streamAudio(client, new Int16Array(16_000), { speed, pacer });
  const stopMark = client.received.length;
  client.stopAudio();
  await streamStopped(client, client.user.avaId, stopMark);
  return transcriptsSince(client, mark);
}

/**
 * Waits until `listener` hears that `speakerAvaId`'s stream stopped. The server sends that
 * after the stream's last final, and a socket keeps its order, so every caption of the stream
 * has reached this listener by then (another client hearing it says nothing about this one).
 */
export async function streamStopped(listener: CaptionClient, speakerAvaId: string, from = 0): Promise<void> {
  await listener.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.reason === 'audio-stream-stopped' &&
      !m.status.audioStreams.some((s) => s.avaId === speakerAvaId),
    30_000,
    from,
  );
}

export function transcriptsSince(client: CaptionClient, mark = 0): Transcript[] {
  return client.received
    .slice(mark)
    .flatMap((r) => (r.message.type === 'transcript' ? [r.message.transcript] : []));
}

/** The final captions' text, in the room's order. */
export function finalText(list: readonly Transcript[]): string {
  return list
    .filter((t) => t.isFinal && t.texts[t.speechLang])
    .sort((a, b) => a.index - b.index)
    .map((t) => t.texts[t.speechLang])
    .join(' ');
}
