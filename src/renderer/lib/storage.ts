/**
 * Key-value storage seam. The browser build uses localStorage; tests use the in-memory one.
 * Reads and writes never throw: a browser with storage disabled (private mode, quota) still works,
 * it just forgets between visits.
 */
export interface KeyValueStorage {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function browserStorage(): KeyValueStorage {
  return {
    get(key) {
      try {
        return window.localStorage.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // storage unavailable: the setting lasts for this visit only
      }
    },
    remove(key) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // storage unavailable
      }
    },
  };
}

/**
 * This tab's storage (sessionStorage): kept through a reload of the page, gone with the tab, and
 * not shared with the person's other tabs.
 */
export function tabStorage(): KeyValueStorage {
  return {
    get(key) {
      try {
        return window.sessionStorage.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        window.sessionStorage.setItem(key, value);
      } catch {
        // storage unavailable: a reload then asks nothing
      }
    },
    remove(key) {
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // storage unavailable
      }
    },
  };
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  readonly data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}
