/**
 * The cards of each Clue variant, in the canonical spelling used in records, JSON and notebooks,
 * and the matching of what people type ("col. mustard", "Lead pipe", "gun") to those names.
 */

export const VARIANT_IDS = ['classic', 'clueless', 'cluedo'] as const;
export type ClueVariantId = (typeof VARIANT_IDS)[number];

export type CardCategory = 'suspect' | 'weapon' | 'room';

export interface CardList {
  readonly suspects: readonly string[];
  readonly weapons: readonly string[];
  readonly rooms: readonly string[];
  /** Suspects, then weapons, then rooms: a card's index here is its number (0..20). */
  readonly all: readonly string[];
}

/** Other spellings people use for a card, beyond case, dots and spacing (which never matter). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  'Colonel Mustard': ['Col Mustard', 'Mustard', 'Colonel Michael Mustard'],
  'Miss Scarlet': ['Scarlet', 'Miss Scarlett', 'Scarlett', 'Miss Josephine Scarlet'],
  'Miss Scarlett': ['Scarlett', 'Miss Scarlet', 'Scarlet'],
  'Professor Plum': ['Prof Plum', 'Plum', 'Professor Peter Plum'],
  'Mr. Green': ['Green', 'Reverend Green', 'Rev Green', 'Reverend Mr Green', 'Mr John Green'],
  'Reverend Mr Green': ['Green', 'Reverend Green', 'Rev Green', 'Rev Mr Green', 'Mr Green'],
  'Mrs. White': ['White', 'Mrs Blanche White'],
  'Mrs White': ['White'],
  'Mrs. Peacock': ['Peacock', 'Mrs Patricia Peacock'],
  'Lead Pipe': ['Pipe'],
  Pistol: ['Gun', 'Revolver'],
  Revolver: ['Gun', 'Pistol'],
  Wrench: ['Spanner'],
  'Billiard Room': ['Billiard'],
  'Dining Room': ['Dining'],
  Ballroom: ['Ball Room'],
};

function list(suspects: readonly string[], weapons: readonly string[], rooms: readonly string[]): CardList {
  return { suspects, weapons, rooms, all: [...suspects, ...weapons, ...rooms] };
}

const CLASSIC_ROOMS = ['Lounge', 'Hall', 'Study', 'Library', 'Billiard Room', 'Conservatory', 'Ballroom', 'Kitchen', 'Dining Room'];
const CLASSIC = list(
  ['Colonel Mustard', 'Miss Scarlet', 'Professor Plum', 'Mr. Green', 'Mrs. White', 'Mrs. Peacock'],
  ['Rope', 'Lead Pipe', 'Knife', 'Wrench', 'Candlestick', 'Pistol'],
  CLASSIC_ROOMS,
);

/** The deck of each variant: spec 000's glossary (classic, and Clue-Less as classic) and spec 002. */
export const CARDS: Readonly<Record<ClueVariantId, CardList>> = {
  classic: CLASSIC,
  clueless: CLASSIC,
  cluedo: list(
    ['Miss Scarlett', 'Professor Plum', 'Mrs. Peacock', 'Reverend Mr Green', 'Colonel Mustard', 'Mrs White'],
    ['Candlestick', 'Knife', 'Lead Pipe', 'Revolver', 'Rope', 'Poison'],
    ['Kitchen', 'Ballroom', 'Conservatory', 'Dining Room', 'Lounge', 'Hall', 'Study', 'Billiard Room', 'Library'],
  ),
};

/** Case, dots, curly quotes and runs of spaces do not matter when people type a name. */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.“”"']/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const lookups = new Map<ClueVariantId, Map<string, string>>();

function lookup(variant: ClueVariantId): Map<string, string> {
  let map = lookups.get(variant);
  if (map === undefined) {
    map = new Map();
    const cards = CARDS[variant];
    // Canonical names first, so an alias never shadows a card's own name (Mr Green vs Mr. Green).
    for (const card of cards.all) map.set(normalizeName(card), card).set(card, card);
    for (const card of cards.all) {
      for (const alias of ALIASES[card] ?? []) {
        const key = normalizeName(alias);
        if (!map.has(key)) map.set(key, card);
      }
    }
    lookups.set(variant, map);
  }
  return map;
}

/** The canonical card `input` names in `variant` (of `category` when given), or null. */
export function matchCard(variant: ClueVariantId, input: string, category?: CardCategory): string | null {
  // Canonical names (every legal action's) skip the normalising.
  const card = lookup(variant).get(input) ?? lookup(variant).get(normalizeName(input));
  if (card === undefined) return null;
  return category === undefined || categoryOf(variant, card) === category ? card : null;
}

/** The category of a canonical card name of `variant`. */
export function categoryOf(variant: ClueVariantId, card: string): CardCategory {
  const cards = CARDS[variant];
  if (cards.suspects.includes(card)) return 'suspect';
  if (cards.weapons.includes(card)) return 'weapon';
  if (cards.rooms.includes(card)) return 'room';
  throw new Error(`${card} is not a card of ${variant}`);
}

/** The cards of a category, for messages and menus. */
export function cardsOf(variant: ClueVariantId, category: CardCategory): readonly string[] {
  const cards = CARDS[variant];
  return category === 'suspect' ? cards.suspects : category === 'weapon' ? cards.weapons : cards.rooms;
}
