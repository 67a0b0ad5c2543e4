import type { ClueAction } from '../games/clue/actions.js';
import type { CluePhase } from '../games/clue/view.js';
import type { YourTurnMessage } from './messages.js';

/** What the engine's prompt is in each phase, as a person reads it. */
const PROMPTS: Readonly<Record<CluePhase, string>> = {
  placeWeapons: 'Place the weapons',
  start: 'Move, or make an accusation',
  move: 'Move',
  suggest: 'Make a suggestion in this room (or an accusation)',
  refute: 'Disprove the suggestion: choose a card to show',
  end: 'Make an accusation, or end your turn',
  over: 'The game is over',
};

/** A player whose every way out is blocked (G.15.3) is not asked to move. */
const BLOCKED = 'You cannot move: make an accusation, or end your turn (you forfeit it)';

function distinct(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/**
 * The legal actions folded into a `yourTurn` message: moves one by one, suggestions and accusations
 * as the names they combine (36 suggestions and 324 accusations would be 25 KB a turn).
 */
export function yourTurn(gameId: string, phase: CluePhase, legal: readonly ClueAction[], label: (action: ClueAction) => string): YourTurnMessage {
  const moves: YourTurnMessage['moves'] = [];
  const suggestions: Extract<ClueAction, { type: 'suggest' }>[] = [];
  const accusations: Extract<ClueAction, { type: 'accuse' }>[] = [];
  const show: string[] = [];
  let pass = false;
  for (const action of legal) {
    if (action.type === 'move') moves.push({ action: { type: 'move', to: action.to, ...(action.path !== undefined ? { path: [...action.path] } : {}) }, label: label(action) });
    else if (action.type === 'suggest') suggestions.push(action);
    else if (action.type === 'accuse') accusations.push(action);
    else if (action.type === 'show') show.push(action.card);
    else if (action.type === 'pass') pass = true;
  }
  return {
    type: 'yourTurn',
    gameId,
    phase,
    prompt: phase === 'start' && moves.length === 0 && pass ? BLOCKED : PROMPTS[phase],
    moves,
    suggest:
      suggestions.length === 0
        ? null
        : { room: suggestions[0]!.room!, suspects: distinct(suggestions.map((s) => s.suspect)), weapons: distinct(suggestions.map((s) => s.weapon)) },
    accuse:
      accusations.length === 0
        ? null
        : { suspects: distinct(accusations.map((a) => a.suspect)), weapons: distinct(accusations.map((a) => a.weapon)), rooms: distinct(accusations.map((a) => a.room)) },
    pass,
    show,
  };
}
