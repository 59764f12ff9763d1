/**
 * Loaded with `--import` before electronegativity (scripts/security-scan.ts). At every start it
 * fetches from GitHub, with `got` 11, updated translations of its own messages (locales/i18n.js)
 * and Electron's list of releases (the "available security fixes" check, which then keeps its
 * bundled list). These machines have no internet, and on Node 24 got 11's retry of a failed
 * request throws from a timer ("The `onCancel` handler was attached after the promise settled"),
 * which kills the scan. Both callers already handle a failed fetch (bundled English messages, the
 * bundled release list): here every request electronegativity makes fails at once, so the scan is
 * the same offline as it was, and does not wait on a network it cannot reach.
 */
import Module from 'node:module';

const offline = () => Promise.reject(new Error('the security scan runs offline'));
offline.head = offline;
offline.get = offline;

const load = Module._load;
Module._load = function loadOffline(request, parent, isMain) {
  if (request === 'got' && parent && /electronegativity[\\/]dist[\\/]/.test(parent.filename)) return offline;
  return load.call(this, request, parent, isMain);
};
