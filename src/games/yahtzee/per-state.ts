import type { YahtzeeState } from './state.js';

/**
 * Reusable objects attached to a state without being part of it (the state stays plain JSON):
 * `make` runs when a state is met for the first time since another one was. The harness plays one
 * game at a time per thread, so this one-state memory always hits there; code that alternates
 * between states gets fresh objects, which stays correct since earlier ones are never written
 * again. A WeakMap per state was measurably slower: its entries burden every garbage collection.
 */
export function perState<T>(make: (state: YahtzeeState) => T): (state: YahtzeeState) => T {
  let lastState: YahtzeeState | undefined;
  let last: T | undefined;
  return (state) => {
    if (state !== lastState) {
      last = make(state);
      lastState = state;
    }
    return last!;
  };
}
