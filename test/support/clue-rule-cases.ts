import { VARIANT_IDS, type ClueVariantId } from '../../src/games/clue/cards.js';
import { clueGame } from '../../src/games/clue/game.js';
import { effectiveRules, RULE_NAMES, RULE_VALUES, VARIANTS, type ClueRules, type RuleName } from '../../src/games/clue/rules.js';
import type { GameCase } from './game-cases.js';

/** A Clue game played with one rule set otherwise than its variant plays it. */
export interface ClueRuleCase extends GameCase {
  readonly variant: ClueVariantId;
  readonly rule: RuleName;
  readonly value: ClueRules[RuleName];
  /** The `--set` options of the case: the one rule. */
  readonly options: Readonly<Record<string, unknown>>;
}

/** Whether `variant`'s board can play the rule at `value` (movement and passage depend on the board). */
function playable(variant: ClueVariantId, rule: RuleName, value: unknown): boolean {
  try {
    effectiveRules(VARIANTS[variant], { [rule]: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every value of every rule option that some variant does not play by itself, once: in one of the
 * variants whose own value differs and whose board can play it (taken in turn, so that the cases
 * spread over the three variants), at 3 and 4 players in turn (the variants' own cases play 3 to 6). A value every variant plays by itself
 * (or that only one board can play, by default there: Clue-Less's one-step movement) needs no case
 * of its own: the variants' own cases play it.
 */
export const CLUE_RULE_CASES: readonly ClueRuleCase[] = RULE_NAMES.flatMap((rule, r) =>
  (RULE_VALUES[rule] as readonly ClueRules[RuleName][]).flatMap((value, v) => {
    const differs = VARIANT_IDS.filter((variant) => VARIANTS[variant].rules[rule] !== value && playable(variant, rule, value));
    if (differs.length === 0) return [];
    const variant = differs[(r + v) % differs.length]!;
    const players = 3 + ((r + v) % 2);
    return [{ game: clueGame, variant, players, rule, value, options: { [rule]: value }, label: `clue/${variant} with ${rule}=${String(value)} at ${players}` }];
  }),
);
