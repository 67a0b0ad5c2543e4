import { InputError } from '../../core/errors.js';
import type { GameDefinition } from '../../core/game.js';
import { withForfeits, type Outcome } from '../../core/outcome.js';
import type { Seat } from '../../core/seat.js';
import { clueActionSchema, type ClueAction } from './actions.js';
import { applyClue } from './apply.js';
import { VARIANT_IDS, type ClueVariantId } from './cards.js';
import { clueConfigSchema, clueForcedSchema, type ClueConfig } from './config.js';
import { forfeitClue } from './forfeit.js';
import { clone, published, sampleState } from './information.js';
import { legalActions } from './legal.js';
import { clueMetrics } from './metrics.js';
import { describeEvent } from './notebook.js';
import { renderBoard } from './render.js';
import { effectiveRules, RULE_VALUES, VARIANTS } from './rules.js';
import { viewOf } from './seat-view.js';
import { setupClue } from './setup.js';
import type { ClueState } from './state.js';
import { stillInTurnOrder } from './turn.js';
import type { ClueView } from './view.js';

/**
 * A correct accusation: the winner ranks 1, every other seat 2. Played on for places: the solvers
 * rank 1, 2, ... in the order they solved, the players still in the turn order tie after them, and
 * those who accused wrongly or left tie after everyone still in. No one solved (everyone wrong, or
 * the cap): all rank 1. Then, as in every game, the seats that left rank last (`withForfeits`),
 * except a solver who left afterwards: the case was solved, and the place it earned is kept.
 */
function outcome(state: ClueState): Outcome | null {
  if (state.phase !== 'over') return null;
  return withForfeits(ranking(state), departures(state));
}

function ranking(state: ClueState): Outcome {
  const capped = state.endReason === 'capped' ? { capped: true } : {};
  if (state.winner === null) return { winners: [], rank: state.players.map(() => 1), ...capped };
  if (!state.placings) return { winners: [state.winner], rank: state.players.map((p) => (p.seat === state.winner ? 1 : 2)) };
  const solved = state.solvers.length;
  const stillIn = stillInTurnOrder(state);
  const rank = state.players.map((p) => p.place ?? (p.inTurnOrder ? solved + 1 : solved + stillIn + 1));
  return { winners: [state.winner], rank, ...capped };
}

/** The seats that left without a place, in the order they did: the `left` events of the log. */
function departures(state: ClueState): Seat[] {
  const left: Seat[] = [];
  for (const event of state.log) {
    const seat = event['seat'] as Seat;
    if (event.type === 'left' && state.players[seat]!.place === undefined) left.push(seat);
  }
  return left;
}

/**
 * The options with every rule in effect (the variant's where no option sets it), after the other
 * options, in the rules' order; a movement or passage the variant's board cannot play is refused.
 */
function resolveConfig(config: ClueConfig, variant: string): ClueConfig {
  const own = VARIANTS[variant as ClueVariantId];
  if (own === undefined) throw new InputError(`unknown variant "${variant}" of clue`);
  const others = Object.fromEntries(Object.entries(config).filter(([key]) => !(key in RULE_VALUES)));
  return { ...others, ...effectiveRules(own, config) } as ClueConfig;
}

function describeAction(action: ClueAction, state: ClueState): string {
  switch (action.type) {
    case 'place':
      return `Place the ${action.weapon} in the ${action.room}`;
    case 'roll':
      return action.dice === undefined ? 'Roll the dice' : `Roll the dice: ${action.dice[0]} and ${action.dice[1]}`;
    case 'passage':
      return 'Take the secret passage';
    case 'move':
      return `Move to ${/^\d+,\d+$/.test(action.to) ? `square ${action.to}` : `the ${action.to}`}${action.path !== undefined && action.path.length > 1 ? ` (${action.path.length} steps)` : ''}`;
    case 'suggest':
      return `Suggest ${action.suspect} in the ${action.room ?? state.pawns[state.players[state.turn!]!.suspect]} with the ${action.weapon}`;
    case 'show':
      return `Show “${action.card}”`;
    case 'accuse':
      return `Accuse ${action.suspect} of committing the crime in the ${action.room} with the ${action.weapon}`;
    case 'pass':
      return 'Pass';
  }
}

/** Clue: one engine, three variants (classic board, Clue-Less, Cluedo) described as data in rules.ts. */
export const clueGame: GameDefinition<ClueState, ClueAction, ClueView, ClueConfig> = {
  id: 'clue',
  title: 'Clue',
  summary: 'Clue / Cluedo: find who, with what, where; classic 24x25 board, Clue-Less 3x3, Cluedo slots',
  players: [3, 6],
  variants: VARIANT_IDS.map((id) => ({ id, title: VARIANTS[id].title, players: [3, 6] as const })),
  configSchema: clueConfigSchema as never,
  resolveConfig,
  actionSchema: clueActionSchema,
  forcedSchema: clueForcedSchema,
  setup: setupClue,
  toAct: (state) => state.toAct,
  legalActions,
  apply: applyClue,
  view: viewOf,
  outcome,
  ranks: (config) => (config.placings ? 'full' : 'winner'),
  placesOption: 'placings=true',
  forfeit: forfeitClue,
  describe: describeEvent,
  describeAction,
  render: renderBoard,
  metrics: clueMetrics,
  sampleState,
  clone,
  published,
  checkName(name, taken) {
    if (name.trim() === '') return 'A name must not be empty.';
    if (taken.some((other) => other.trim().toLowerCase() === name.trim().toLowerCase())) return `The name "${name}" is already taken.`;
    return null;
  },
};
