/**
 * Reads the desktop builds from the update feed (shared/desktop-builds.ts): each target's
 * metadata file, then each build's size from a HEAD of its file. The answer is kept a few
 * minutes, so a busy download page costs the feed a few requests, not one per visitor; a failed
 * read is kept a shorter while. Never throws: what could not be read is a `problem`.
 */
import {
  DESKTOP_BUILD_TARGETS,
  DESKTOP_FEED_FILE_MAX_BYTES,
  type DesktopBuild,
  type DesktopBuildsResponse,
  feedFolder,
  parseMacReleases,
  parseWindowsReleases,
} from '../../shared/desktop-builds';

/** The update feed as the server may read it: https, or http on this machine (tests, a local mirror). */
export function desktopFeedProblem(feed: string): string | undefined {
  let url: URL;
  try {
    url = new URL(feed);
  } catch {
    return 'it is not a URL';
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return `it must be https:// (got ${url.protocol}//)`;
  if (url.username || url.password) return 'it must not carry a user name or password';
  if (url.search || url.hash) return 'it must not have a query or fragment';
  return undefined;
}

/** HEARKEN_UPDATE_FEED for the server: undefined when unset; a clear error when it cannot be a feed. */
export function loadUpdateFeed(raw: string | undefined): string | undefined {
  const feed = raw?.trim();
  if (!feed) return undefined;
  const problem = desktopFeedProblem(feed);
  if (problem) throw new Error(`HEARKEN_UPDATE_FEED is not a usable update feed: ${problem}`);
  return feed.replace(/\/+$/, '');
}

export type FetchLike = (
  url: string,
  init: { method: 'GET' | 'HEAD'; signal: AbortSignal },
) => Promise<Response>;

export const FEED_TIMEOUT_MS = 5000;
export const FEED_CACHE_MS = 5 * 60_000;
export const FEED_FAILURE_CACHE_MS = 30_000;

async function readText(fetchFn: FetchLike, url: string): Promise<string> {
  const response = await fetchFn(url, { method: 'GET', signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.split('/').pop()} answered ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > DESKTOP_FEED_FILE_MAX_BYTES) throw new Error('the metadata file is too large');
  const text = await response.text();
  if (text.length > DESKTOP_FEED_FILE_MAX_BYTES) throw new Error('the metadata file is too large');
  return text;
}

async function sizeOf(fetchFn: FetchLike, url: string): Promise<number | undefined> {
  try {
    const response = await fetchFn(url, { method: 'HEAD', signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    const length = Number(response.headers.get('content-length'));
    return response.ok && Number.isSafeInteger(length) && length > 0 ? length : undefined;
  } catch {
    return undefined;
  }
}

/** One read of the whole feed. */
export async function readDesktopBuilds(
  feedBase: string,
  fetchFn: FetchLike,
): Promise<DesktopBuildsResponse> {
  const builds: DesktopBuild[] = [];
  const problems: DesktopBuildsResponse['problems'] = [];
  await Promise.all(
    DESKTOP_BUILD_TARGETS.map(async ({ platform, arch }) => {
      const folder = feedFolder(feedBase, platform, arch);
      try {
        const parsed =
          platform === 'darwin'
            ? parseMacReleases(await readText(fetchFn, `${folder}/RELEASES.json`), folder)
            : parseWindowsReleases(await readText(fetchFn, `${folder}/RELEASES`), folder);
        if (!parsed.ok) {
          problems.push({ platform, arch, reason: parsed.reason });
          return;
        }
        const sizeBytes = await sizeOf(fetchFn, parsed.url);
        builds.push({
          platform,
          arch,
          version: parsed.version,
          url: parsed.url,
          ...(sizeBytes === undefined ? {} : { sizeBytes }),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name !== 'TimeoutError' ? error.message : 'no answer';
        problems.push({ platform, arch, reason });
      }
    }),
  );
  const order = (b: { platform: string; arch: string }) =>
    DESKTOP_BUILD_TARGETS.findIndex((t) => t.platform === b.platform && t.arch === b.arch);
  builds.sort((a, b) => order(a) - order(b));
  problems.sort((a, b) => order(a) - order(b));
  return { configured: true, builds, problems };
}

export interface DesktopBuildsSource {
  get(): Promise<DesktopBuildsResponse>;
}

/** The feed's builds, kept FEED_CACHE_MS (FEED_FAILURE_CACHE_MS when some could not be read). */
export function desktopBuildsSource(options: {
  feedBase: string | undefined;
  fetch: FetchLike;
  now(): number;
}): DesktopBuildsSource {
  let kept: { atMs: number; answer: Promise<DesktopBuildsResponse> } | undefined;
  return {
    async get() {
      if (!options.feedBase) return { configured: false, builds: [], problems: [] };
      const now = options.now();
      if (kept) {
        const answer = await kept.answer;
        const keepMs = answer.problems.length > 0 ? FEED_FAILURE_CACHE_MS : FEED_CACHE_MS;
        if (now - kept.atMs < keepMs) return answer;
      }
      const answer = readDesktopBuilds(options.feedBase, options.fetch);
      kept = { atMs: now, answer };
      return answer;
    },
  };
}
