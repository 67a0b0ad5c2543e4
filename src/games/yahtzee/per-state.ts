import type { YahtzeeState } from './state.js';

/**
 * Reusable objects attached to a state without being part of it (the state stays plain JSON):
 * `make` runs once per state. The harness asks about one state many times in a row, so the last
 * state is checked before the WeakMap, whose lookups showed up in profiles of the hot path.
 */
export function perState<T>(make: (state: YahtzeeState) => T): (state: YahtzeeState) => T {
  const all = new WeakMap<YahtzeeState, T>();
  let lastState: YahtzeeState | undefined;
  let last: T | undefined;
  return (state) => {
    if (state === lastState) return last!;
    let found = all.get(state);
    if (found === undefined) {
      found = make(state);
      all.set(state, found);
    }
    lastState = state;
    last = found;
    return found;
  };
}
