import type { GameDefinition } from '../../core/game.js';
import type { Outcome } from '../../core/outcome.js';
import { actionSchema, legalActions, type YahtzeeAction } from './actions.js';
import { configSchema, forcedSchema, type YahtzeeConfig } from './config.js';
import { describe, describeAction } from './describe.js';
import { clone, published, sampleState } from './information.js';
import { yahtzeeMetrics } from './metrics.js';
import { checkName } from './names.js';
import { apply, forfeit } from './rules.js';
import { PLAYERS, setup } from './setup.js';
import { seriesOutcome, toAct, type YahtzeeState } from './state.js';
import { view, type YahtzeeView } from './view.js';

function outcome(state: YahtzeeState): Outcome | null {
  return state.phase === 'over' ? seriesOutcome(state) : null;
}

/** Spec 003: Yahtzee for 1-5 players, a "Yahtzee Game" being a series of games whose totals are summed. */
export const yahtzeeGame: GameDefinition<YahtzeeState, YahtzeeAction, YahtzeeView, YahtzeeConfig> = {
  id: 'yahtzee',
  title: 'Yahtzee',
  summary: '1-5 players, 13 turns of up to three rolls of five dice; a series of games (5 by default, --set series=N) summed',
  players: PLAYERS,
  variants: [],
  // A little above optimal play's mean (254.59 a game), so that a series' reward nearly always lies in [0, 1].
  scoreScale: (config) => 300 * config.series,
  configSchema,
  actionSchema: actionSchema as GameDefinition<YahtzeeState, YahtzeeAction>['actionSchema'],
  forcedSchema,
  setup,
  toAct,
  legalActions,
  apply,
  view,
  outcome,
  forfeit,
  describe,
  describeAction,
  checkName,
  sampleState,
  clone,
  published,
  metrics: yahtzeeMetrics,
  privateScores: true,
};

/** @deprecated use yahtzeeGame */
export const yahtzee = yahtzeeGame;
