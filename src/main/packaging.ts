/**
 * What goes into the packaged app besides the Vite bundles: the native speech addons the
 * offline-captions process loads at run time (they cannot be bundled), for the platform being
 * packaged only. Used by forge.config.ts as electron-packager's `ignore` filter.
 */

/** Packages loaded with require() at run time by src/native (the bundles keep them external). */
export const RUNTIME_PACKAGES = ['koffi', 'sherpa-onnx-node'] as const;

/** sherpa-onnx-node loads its prebuilt library from a package named after the platform. */
export function sherpaPlatformPackage(platform: string, arch: string): string {
  return `sherpa-onnx-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/**
 * koffi 3 keeps its native binary out of its own package, in `@koromix/koffi-<platform>-<arch>`
 * (Node's platform and arch names: it loads `${process.platform}-${process.arch}`).
 */
export function koffiPlatformPackage(platform: string, arch: string): string {
  return `@koromix/koffi-${platform}-${arch}`;
}

/**
 * True when `path` (as packager gives it: relative to the project, starting with "/") is left
 * out. Kept: the Vite output, package.json, and the runtime packages with the folders that
 * lead to them.
 */
export function ignoredInPackage(path: string, platform: string, arch: string): boolean {
  if (path === '' || path === '/package.json') return false;
  if (path === '/.vite' || path.startsWith('/.vite/')) return false;
  if (path === '/node_modules') return false;
  const keep = [
    ...RUNTIME_PACKAGES,
    sherpaPlatformPackage(platform, arch),
    koffiPlatformPackage(platform, arch),
  ].map((p) => `/node_modules/${p}`);
  // A scope folder (`/node_modules/@koromix`) leads to a kept package: left out, packager would
  // never look inside it.
  return !keep.some((k) => path === k || path.startsWith(`${k}/`) || k.startsWith(`${path}/`));
}
