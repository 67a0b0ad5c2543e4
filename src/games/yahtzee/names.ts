import { NAME_INVALID } from './messages.js';

/** Letters of any alphabet (Zoë, José), nothing else: no digits, spaces or punctuation. */
const LETTERS_ONLY = /^\p{L}+$/u;

/**
 * UC-01's name rule: letters only and not taken by another player. Names differing only in case
 * count as taken, since people would read "ann" and "Ann" as the same player.
 */
export function checkName(name: string, taken: readonly string[]): string | null {
  if (!LETTERS_ONLY.test(name)) return NAME_INVALID;
  const lower = name.toLowerCase();
  return taken.some((other) => other.toLowerCase() === lower) ? NAME_INVALID : null;
}
