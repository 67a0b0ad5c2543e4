/** One remembered string; storage that refuses (private mode, disabled) just forgets. */
export function stored(storage: Storage, key: string): { get(): string | null; set(value: string): void; clear(): void } {
  return {
    get: () => {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    set: (value) => {
      try {
        storage.setItem(key, value);
      } catch {
        // Not remembered: a reload then joins anew.
      }
    },
    clear: () => {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing was remembered.
      }
    },
  };
}
