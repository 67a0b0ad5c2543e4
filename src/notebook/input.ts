import { z } from 'zod';
import { describeIssues, InputError } from '../core/errors.js';
import { CARDS, matchCard, VARIANT_IDS, type CardCategory, type ClueVariantId } from '../games/clue/cards.js';
import { rulesSchema } from '../games/clue/config.js';
import { effectiveRules, VARIANTS, type ClueRules } from '../games/clue/rules.js';
import type { Fact } from '../deduction/facts.js';
import { accusationFacts, handFacts, suggestionFacts } from '../deduction/observations.js';

/** The input of `parlor clue notebook` and of `solveNotebook`: one player's observation log. */
export interface NotebookInput {
  readonly variant?: ClueVariantId;
  /**
   * The rules the game is played by where they are not the variant's (a view's `rules`, or some of
   * them): the refutation order says who was asked, and where wrong accusers leave, who is not.
   */
  readonly rules?: Partial<ClueRules>;
  /** Seating order, clockwise. */
  readonly players: readonly string[];
  /** Absent: 18 cards dealt one at a time from the first listed player. */
  readonly handSizes?: Readonly<Record<string, number>>;
  readonly me: string;
  readonly myCards: readonly string[];
  readonly suggestions?: readonly NotebookSuggestion[];
  readonly accusations?: readonly NotebookAccusation[];
}

export interface NotebookSuggestion {
  readonly by: string;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
  /** Absent: everyone between the suggester and the refuter in the rules' order (required where wrong accusers leave, as in cluedo). */
  readonly passed?: readonly string[];
  readonly refutedBy: string | null;
  /** Only when I am the suggester or the refuter. */
  readonly shown?: string;
}

export interface NotebookAccusation {
  readonly by: string;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
  readonly correct: boolean;
}

const name = z.string().trim().min(1);
const inputSchema = z
  .object({
    variant: z.enum(VARIANT_IDS).default('classic'),
    rules: rulesSchema.optional(),
    players: z.array(name).min(3).max(6),
    handSizes: z.record(z.string(), z.number().int().min(0)).optional(),
    me: name,
    myCards: z.array(name),
    suggestions: z
      .array(
        z
          .object({
            by: name,
            suspect: name,
            weapon: name,
            room: name,
            passed: z.array(name).optional(),
            refutedBy: name.nullable(),
            shown: name.optional(),
          })
          .strict(),
      )
      .default([]),
    accusations: z.array(z.object({ by: name, suspect: name, weapon: name, room: name, correct: z.boolean() }).strict()).default([]),
  })
  .strict();

/** One observation and what it says, as the library's facts; `label` names it in messages. */
export interface Observation {
  readonly label: string;
  readonly facts: readonly Fact[];
}

/** A validated notebook input, in the library's numbers (cards in the variant's order). */
export interface ResolvedNotebook {
  readonly variant: ClueVariantId;
  readonly players: readonly string[];
  readonly handSizes: readonly number[];
  readonly me: number;
  readonly observations: readonly Observation[];
}

const CATEGORY_NAMES: Record<CardCategory, string> = { suspect: 'suspect', weapon: 'weapon', room: 'room' };

/**
 * Checks a notebook input and turns it into observations. Every mistake is an InputError naming
 * the field ("suggestions[2].weapon: ...") and what is expected. Whether the observations agree
 * with each other is the solver's question, not this one's.
 */
export function resolveNotebook(raw: unknown): ResolvedNotebook {
  const parsed = inputSchema.safeParse(raw);
  if (!parsed.success) throw new InputError(`invalid notebook input: ${describeIssues(parsed.error.issues)}`);
  const input = parsed.data;
  const { variant } = input;
  const deck = CARDS[variant];
  let rules: ClueRules;
  try {
    rules = effectiveRules(VARIANTS[variant], input.rules ?? {});
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`rules: ${error.message}`);
    throw error;
  }
  const players = input.players;
  const lower = players.map((p) => p.toLowerCase());
  lower.forEach((p, i) => {
    if (lower.indexOf(p) !== i) throw new InputError(`players: "${players[i]}" is listed twice`);
  });
  const player = (value: string, field: string): number => {
    const at = lower.indexOf(value.trim().toLowerCase());
    if (at < 0) throw new InputError(`${field}: "${value}" is not a player: expected one of ${players.join(', ')}`);
    return at;
  };
  const card = (value: string, field: string, category?: CardCategory): number => {
    const found = matchCard(variant, value, category);
    if (found === null) {
      const expected = category === undefined ? deck.all : category === 'suspect' ? deck.suspects : category === 'weapon' ? deck.weapons : deck.rooms;
      throw new InputError(`${field}: "${value}" is not a ${category === undefined ? 'card' : CATEGORY_NAMES[category]} of ${variant}: expected one of ${expected.join(', ')}`);
    }
    return deck.all.indexOf(found);
  };

  const dealt = deck.all.length - 3;
  let handSizes: number[];
  if (input.handSizes === undefined) {
    handSizes = players.map((_, i) => Math.floor(dealt / players.length) + (i < dealt % players.length ? 1 : 0));
  } else {
    handSizes = players.map(() => -1);
    for (const [who, size] of Object.entries(input.handSizes)) handSizes[player(who, 'handSizes')] = size;
    const missing = players.filter((_, i) => handSizes[i] === -1);
    if (missing.length > 0) throw new InputError(`handSizes: no hand size for ${missing.join(', ')}`);
    const total = handSizes.reduce((a, b) => a + b, 0);
    if (total !== dealt) throw new InputError(`handSizes: the hands hold ${total} cards, but ${dealt} are dealt (the case file keeps 3 of ${deck.all.length})`);
  }

  const me = player(input.me, 'me');
  const mine = input.myCards.map((c, i) => card(c, `myCards[${i}]`));
  mine.forEach((c, i) => {
    if (mine.indexOf(c) !== i) throw new InputError(`myCards: "${deck.all[c]}" is listed twice`);
  });
  if (mine.length !== handSizes[me]) {
    throw new InputError(`myCards: ${players[me]} holds ${handSizes[me]} cards, but ${mine.length} are listed`);
  }
  const observations: Observation[] = [{ label: 'myCards', facts: handFacts(me, mine) }];

  const order = rules.refutation === 'clockwise' ? 1 : -1;
  input.suggestions.forEach((s, i) => {
    const at = `suggestions[${i}]`;
    const by = player(s.by, `${at}.by`);
    const cards = [card(s.suspect, `${at}.suspect`, 'suspect'), card(s.weapon, `${at}.weapon`, 'weapon'), card(s.room, `${at}.room`, 'room')];
    const refutedBy = s.refutedBy === null ? null : player(s.refutedBy, `${at}.refutedBy`);
    if (refutedBy === by) throw new InputError(`${at}.refutedBy: ${players[by]} cannot refute their own suggestion`);
    let passed: number[];
    if (s.passed !== undefined) {
      passed = s.passed.map((p, j) => player(p, `${at}.passed[${j}]`));
      passed.forEach((p, j) => {
        if (p === by || p === refutedBy) throw new InputError(`${at}.passed[${j}]: ${players[p]} made or refuted the suggestion, so did not pass`);
        if (passed.indexOf(p) !== j) throw new InputError(`${at}.passed: ${players[p]} is listed twice`);
      });
    } else if (rules.wrongAccuser === 'leaves') {
      // Who accused wrongly or left is not asked, and the log does not say who did.
      throw new InputError(`${at}.passed: required in cluedo and wherever wrongAccuser=leaves (players who left the game are not asked): list who could not refute`);
    } else {
      passed = [];
      for (let p = (by + order + players.length) % players.length; p !== by && p !== refutedBy; p = (p + order + players.length) % players.length) passed.push(p);
    }
    let shown: number | undefined;
    if (s.shown !== undefined) {
      if (refutedBy === null) throw new InputError(`${at}.shown: nobody refuted, so no card was shown`);
      if (me !== by && me !== refutedBy) throw new InputError(`${at}.shown: only the suggester and the refuter see the card (${players[me]} is neither)`);
      shown = card(s.shown, `${at}.shown`);
      if (!cards.includes(shown)) throw new InputError(`${at}.shown: "${deck.all[shown]}" is not one of the suggested cards`);
    }
    const label = `${at} (${players[by]} suggested ${deck.all[cards[0]!]} with the ${deck.all[cards[1]!]} in the ${deck.all[cards[2]!]})`;
    observations.push({ label, facts: suggestionFacts({ by, cards, passed, refutedBy, ...(shown === undefined ? {} : { shown }) }, me) });
  });
  input.accusations.forEach((a, i) => {
    const at = `accusations[${i}]`;
    const by = player(a.by, `${at}.by`);
    const cards = [card(a.suspect, `${at}.suspect`, 'suspect'), card(a.weapon, `${at}.weapon`, 'weapon'), card(a.room, `${at}.room`, 'room')];
    const label = `${at} (${players[by]} accused ${deck.all[cards[0]!]} with the ${deck.all[cards[1]!]} in the ${deck.all[cards[2]!]}, ${a.correct ? 'correctly' : 'wrongly'})`;
    observations.push({ label, facts: accusationFacts({ by, cards, correct: a.correct }) });
  });
  return { variant, players, handSizes, me, observations };
}
