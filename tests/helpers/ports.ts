/** Whether a server answers at an address, for tests of processes that must stop. */
import { connect } from 'node:net';

export function portAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveAnswer) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolveAnswer(true);
    });
    socket.once('error', () => resolveAnswer(false));
  });
}

/** Resolves once nothing answers at `url`; rejects if something still does after `ms`. */
export async function waitUntilClosed(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (await portAnswers(url)) {
    if (Date.now() > deadline) throw new Error(`${url} still answers ${ms} ms later`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
