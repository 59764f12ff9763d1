/**
 * Streams an archive to a partial file, hashing it on the way, so a 300 MB model never sits in
 * memory and is never read twice. An interrupted download leaves its partial file, and the next
 * attempt asks the server for the rest (HTTP Range) instead of starting again; a server that
 * ignores the range just sends the whole file, which replaces the partial one.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DownloadError } from './plan';
import { formatMegabytes, type ProgressState } from './progress';

export interface FetchArchiveOptions {
  url: string;
  /** The partial file: appended to when it exists, complete when this resolves. */
  dest: string;
  expectedSha256: string;
  /** Used when the server does not say the size. */
  knownSizeBytes?: number;
  onProgress?: (state: ProgressState) => void;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export interface FetchedArchive {
  bytes: number;
  sha256: string;
  resumedFrom: number;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function hashFile(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  const parts = [error instanceof Error ? error.message : String(error)];
  if (cause instanceof Error && cause.message && cause.message !== parts[0]) parts.push(cause.message);
  return parts.join(': ');
}

/** Total size from Content-Range ("bytes 100-199/1000") or Content-Length plus the offset. */
function serverTotal(response: Response, offset: number): number | undefined {
  const range = response.headers.get('content-range');
  const whole = range ? /\/(\d+)\s*$/.exec(range)?.[1] : undefined;
  if (whole) return Number(whole);
  const length = response.headers.get('content-length');
  if (length && /^\d+$/.test(length)) return Number(length) + offset;
  return undefined;
}

export async function fetchArchive(options: FetchArchiveOptions): Promise<FetchedArchive> {
  const doFetch = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => Date.now());
  let offset = await sizeOf(options.dest);

  let response: Response;
  try {
    response = await doFetch(options.url, {
      redirect: 'follow',
      headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
    });
  } catch (error) {
    throw new DownloadError(
      'network',
      `Could not reach ${options.url} (${describeCause(error)}). The machine may be offline, or a proxy or firewall may block it.`,
    );
  }

  if (response.status === 416 && offset > 0) {
    // The partial file is not a prefix the server recognises (the archive changed?): start over.
    await response.body?.cancel();
    await rm(options.dest, { force: true });
    return fetchArchive(options);
  }
  if (!response.ok) {
    await response.body?.cancel();
    const hint =
      response.status === 404
        ? ' The release may have been renamed or removed; pass --url with its current address.'
        : '';
    throw new DownloadError(
      'http',
      `${options.url} answered HTTP ${response.status} ${response.statusText}.${hint}`.replace(' .', '.'),
    );
  }

  const hash = createHash('sha256');
  if (response.status === 206 && offset > 0) {
    await hashFile(options.dest, hash);
  } else {
    offset = 0; // a full answer: the partial file is rewritten from the start
  }
  const announced = serverTotal(response, offset);
  const total = announced ?? options.knownSizeBytes;
  const started = now();
  let received = offset;
  const report = () =>
    options.onProgress?.({
      receivedBytes: received,
      totalBytes: total,
      startBytes: offset,
      elapsedMs: now() - started,
    });
  report();

  // Every byte that arrived is on disk before an interruption is reported, so running the command
  // again resumes after it. (A stream pipeline would destroy the file stream on the network's
  // error and drop the writes still queued.)
  const file = createWriteStream(options.dest, { flags: offset > 0 ? 'a' : 'w' });
  const fileFailed = new Promise<never>((_resolve, reject) => file.once('error', reject));
  fileFailed.catch(() => undefined); // observed where it is raced below
  let cause: unknown;
  try {
    if (!response.body) throw new Error('the response has no body');
    for await (const chunk of Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)) {
      const data = chunk as Uint8Array;
      hash.update(data);
      received += data.byteLength;
      report();
      if (!file.write(data)) await Promise.race([once(file, 'drain'), fileFailed]);
    }
  } catch (error) {
    cause = error;
  }
  try {
    await Promise.race([new Promise<void>((resolve) => file.end(resolve)), fileFailed]);
  } catch (error) {
    cause ??= error;
  }
  if (cause !== undefined) {
    throw new DownloadError(
      'interrupted',
      `The download of ${options.url} was interrupted after ${formatMegabytes(received)} (${describeCause(cause)}). ` +
        'The machine may have gone offline. Run the same command again to resume.',
    );
  }
  // Only the server's own figure proves a short body: the registry's size is a hint for progress.
  if (announced !== undefined && received < announced) {
    throw new DownloadError(
      'interrupted',
      `The download of ${options.url} ended early: ${formatMegabytes(received)} of ${formatMegabytes(announced)}. ` +
        'Run the same command again to resume.',
    );
  }

  const sha256 = hash.digest('hex');
  if (sha256 !== options.expectedSha256) {
    await rm(options.dest, { force: true });
    throw new DownloadError(
      'checksum-mismatch',
      `The archive from ${options.url} does not match its SHA-256: expected ${options.expectedSha256}, got ${sha256}. ` +
        'It was deleted and nothing was installed. If the release was replaced on purpose, check the new checksum at its source and pass it with --sha256.',
    );
  }
  return { bytes: received, sha256, resumedFrom: offset };
}
