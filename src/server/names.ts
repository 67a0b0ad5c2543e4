import { matchCard } from '../games/clue/cards.js';

/** The longest name, in UTF-16 code units (what a browser's `maxlength` counts). */
export const MAX_NAME_LENGTH = 24;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A name as others will read it: printable, trimmed, at most 24 UTF-16 units, cut between whole
 * grapheme clusters so that it never ends in half an emoji or a letter without its accent.
 */
export function cleanName(name: string | undefined): string {
  // Control, unassigned and private-use characters go, and format characters such as bidi overrides, except the zero-width joiner inside emoji.
  const printable = (name ?? '').replace(/[\p{Cc}\p{Cs}\p{Co}\p{Cn}]|(?!\u200d)\p{Cf}/gu, '').trim();
  let cut = '';
  for (const { segment } of graphemes.segment(printable)) {
    if (cut.length + segment.length > MAX_NAME_LENGTH) break;
    cut += segment;
  }
  return cut.trim();
}

/** Names the grid and the log already use for something else, spaces and case aside. */
const RESERVED: Readonly<Record<string, string>> = {
  casefile: 'the case file',
  systemplayer: 'a System Player',
};

/**
 * Why `name` would make the grid and the log ambiguous at a Clue-Less table, or null when it is
 * fine: it reads as the case file, a System Player, or a card (any spelling the engine accepts,
 * "Col. Mustard" included).
 */
export function nameRefusal(name: string): string | null {
  const reserved = RESERVED[name.toLowerCase().replace(/[\s._-]/g, '')];
  if (reserved !== undefined) return `the name "${name}" reads as ${reserved}: choose another name`;
  const card = matchCard('clueless', name);
  if (card !== null) return `the name "${name}" is the card ${card}: choose a name that is not a card`;
  return null;
}
