/**
 * The desktop builds for each platform (accounts.md: the `download` route), read from the update
 * feed's own metadata (docs/desktop.md, Packaging and updates): the feed electron-forge's S3
 * publisher fills, `<feed>/<platform>/<arch>/`, with `RELEASES.json` for macOS (Squirrel.Mac:
 * `currentRelease` and each release's `updateTo.url`, the zip) and `RELEASES` for Windows
 * (Squirrel.Windows: "SHA1 file size" lines; the installer beside it is `Hearken-<version>
 * Setup.exe`). Linux packages update through the system's package manager: not on the feed.
 * Pure: the server fetches (desktop-builds/), these read what it fetched.
 */
import { type Infer, array, boolean, number, object, oneOf, optional, string } from './schema';

export const DESKTOP_BUILD_ROUTES = {
  /** GET: the builds on the update feed (DesktopBuildsResponse); anyone may read it. */
  desktopBuilds: '/api/v1/desktop-builds',
} as const;

export const DESKTOP_PLATFORMS = ['darwin', 'win32'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];
export const DESKTOP_ARCHES = ['arm64', 'x64'] as const;
export type DesktopArch = (typeof DESKTOP_ARCHES)[number];

/** The folders of the feed the makers publish (forge.config.ts): macOS for both chips, Windows x64. */
export const DESKTOP_BUILD_TARGETS: readonly { platform: DesktopPlatform; arch: DesktopArch }[] = [
  { platform: 'darwin', arch: 'arm64' },
  { platform: 'darwin', arch: 'x64' },
  { platform: 'win32', arch: 'x64' },
];

/** The installer's name the Squirrel maker gives (maker-squirrel: `${name}-${version} Setup.exe`). */
export const WINDOWS_SETUP_NAME = (version: string) => `Hearken-${version} Setup.exe`;

/** Bounds on what the feed may send: metadata, never a build. */
export const DESKTOP_FEED_FILE_MAX_BYTES = 256 * 1024;

export const desktopBuildSchema = object({
  platform: oneOf(DESKTOP_PLATFORMS),
  arch: oneOf(DESKTOP_ARCHES),
  version: string({ min: 1, max: 64 }),
  url: string({ min: 1, max: 2048 }),
  /** From the file's Content-Length; absent when the feed did not say. */
  sizeBytes: optional(number({ min: 0, integer: true })),
});
export type DesktopBuild = Infer<typeof desktopBuildSchema>;

export const desktopBuildsResponseSchema = object({
  /** False: this server has no update feed (HEARKEN_UPDATE_FEED unset), so nothing to list. */
  configured: boolean(),
  builds: array(desktopBuildSchema),
  /** Targets whose metadata could not be read, with why (the page says which are missing). */
  problems: array(
    object({ platform: oneOf(DESKTOP_PLATFORMS), arch: oneOf(DESKTOP_ARCHES), reason: string() }),
  ),
});
export type DesktopBuildsResponse = Infer<typeof desktopBuildsResponseSchema>;

const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

/** The folder of a target on the feed. */
export function feedFolder(feedBase: string, platform: DesktopPlatform, arch: DesktopArch): string {
  return `${feedBase.replace(/\/+$/, '')}/${platform}/${arch}`;
}

/**
 * Squirrel.Mac's RELEASES.json: the current release's version and the zip it updates to, which
 * must lie under the feed (a manifest naming another host is not followed).
 */
export function parseMacReleases(
  text: string,
  folder: string,
): { ok: true; version: string; url: string } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'RELEASES.json is not JSON' };
  }
  const manifest = json as { currentRelease?: unknown; releases?: unknown };
  const current = manifest.currentRelease;
  if (typeof current !== 'string' || !VERSION.test(current))
    return { ok: false, reason: 'RELEASES.json names no current release' };
  const releases = Array.isArray(manifest.releases) ? manifest.releases : [];
  const release = releases.find((r) => (r as { version?: unknown })?.version === current) as
    { updateTo?: { url?: unknown } } | undefined;
  const url = release?.updateTo?.url;
  if (typeof url !== 'string') return { ok: false, reason: `RELEASES.json has no file for ${current}` };
  if (!isUnder(url, folder)) return { ok: false, reason: 'RELEASES.json points outside the feed' };
  return { ok: true, version: current, url };
}

/**
 * Squirrel.Windows's RELEASES: the newest full package's version (lines "SHA1 name-version-full.nupkg
 * size"); the installer to download is the Setup.exe of that version in the same folder.
 */
export function parseWindowsReleases(
  text: string,
  folder: string,
): { ok: true; version: string; url: string } | { ok: false; reason: string } {
  let newest: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const match = /^[0-9A-Fa-f]{40}\s+\S+?-(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?)-full\.nupkg\s+\d+\s*$/.exec(
      line.replace(/^\uFEFF/, '').trim(),
    );
    if (match && (!newest || compareVersions(match[1]!, newest) > 0)) newest = match[1]!;
  }
  if (!newest) return { ok: false, reason: 'RELEASES lists no full package' };
  return { ok: true, version: newest, url: `${folder}/${encodeURIComponent(WINDOWS_SETUP_NAME(newest))}` };
}

/** Compares x.y.z versions (a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = a.split('-', 2);
  const [coreB = '', preB] = b.split('-', 2);
  const pa = coreA.split('.').map(Number);
  const pb = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}

function isUnder(url: string, folder: string): boolean {
  try {
    const target = new URL(url);
    const base = new URL(`${folder}/`);
    return target.origin === base.origin && target.pathname.startsWith(base.pathname);
  } catch {
    return false;
  }
}

/** A size for people: "84.2 MB" (decimal units, as download pages and file managers show). */
export function formatBuildSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit >= 2 ? 1 : 0,
  }).format(value);
}
