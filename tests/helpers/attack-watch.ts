/**
 * What the attack tests watch while an attacker works: the server's health check round trip (a
 * stall of its event loop) and an honest guest's own conversation in another room.
 */
import { API } from '../../src/shared/api';
import type { CaptionClient } from '../../scripts/lib/socket-client';

/** The health check's round trip, every 200 ms, until stopped: the longest one is the stall. */
export function watchHealth(url: string) {
  let longest = 0;
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}${API.health}`, { signal: AbortSignal.timeout(60_000) });
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      longest = Math.max(longest, performance.now() - started);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { longestMs: Math.round(longest), failures };
    },
  };
}

/**
 * The honest guest's own room: a typed line and a ping each second until stopped; the longest
 * wait for the line's final and for the pong is how long it went unanswered.
 */
export function honestConversation(honest: CaptionClient) {
  let longestLineMs = 0;
  let longestPongMs = 0;
  let unanswered = 0;
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const mark = honest.received.length;
      const text = `honest line ${i}`;
      honest.send({ type: 'typed-message', text });
      honest.send({ type: 'ping', clientTimeMs: Date.now() });
      try {
        await Promise.all([
          honest
            .waitFor(
              (m) => m.type === 'transcript' && m.transcript.isFinal && m.transcript.texts['en-US'] === text,
              60_000,
              mark,
            )
            .then(() => (longestLineMs = Math.max(longestLineMs, performance.now() - started))),
          honest
            .waitFor((m) => m.type === 'PONG', 60_000, mark)
            .then(() => (longestPongMs = Math.max(longestPongMs, performance.now() - started))),
        ]);
      } catch {
        unanswered += 1;
        return;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - started))));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return {
        longestLineMs: Math.round(longestLineMs),
        longestPongMs: Math.round(longestPongMs),
        unanswered,
      };
    },
  };
}
