import type { GameDefinition } from '../../core/game.js';
import { actionSchema, type DeadwoodAction } from './actions.js';
import { deadwoodOutcome, depart } from './days.js';
import { describe, describeAction } from './describe.js';
import { published, sampleState } from './information.js';
import { deadwoodMetrics } from './metrics.js';
import type { DeadwoodEvent } from './events.js';
import { configSchema, forcedSchema, setup, type DeadwoodConfig } from './setup.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './starting-terms.js';
import type { DeadwoodState } from './state.js';
import { apply, legalActions } from './turn.js';
import { view, type DeadwoodView } from './view.js';

export const deadwoodGame: GameDefinition<DeadwoodState, DeadwoodAction, DeadwoodView, DeadwoodConfig> = {
  id: 'deadwood',
  title: 'Deadwood',
  summary: 'Cheapass Games\' Deadwood (2011 Free Edition): actors take roles, act, rehearse and upgrade over 3-4 days',
  players: [MIN_PLAYERS, MAX_PLAYERS],
  variants: [],
  configSchema,
  actionSchema,
  forcedSchema,
  setup,
  toAct: (state) => (state.over ? null : state.current),
  legalActions,
  apply: (state, seat, action, rng) => apply(state, seat, action, rng),
  view,
  outcome: deadwoodOutcome,
  forfeit: (state, seat) => {
    if (state.over || state.players[seat]!.departed) return [];
    const events: DeadwoodEvent[] = [];
    depart(state, seat, events);
    return events;
  },
  describe,
  describeAction: (action) => describeAction(action),
  sampleState,
  published,
  metrics: deadwoodMetrics,
};

/** @deprecated use deadwoodGame */
export const deadwood = deadwoodGame;
