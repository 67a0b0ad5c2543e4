import type { GameMetrics } from '../../core/game.js';
import type { DeadwoodState } from './state.js';

/** The three parts of a final score (dollars + credits + 5 x rank); null for a seat that left. */
export const deadwoodMetrics: GameMetrics<DeadwoodState> = {
  list: [
    { name: 'rank', description: 'the acting rank reached by the end of the game (1 to 6)' },
    { name: 'dollars', description: 'dollars held at the end of the game' },
    { name: 'credits', description: 'credits held at the end of the game' },
  ],
  read(state, seat) {
    const player = state.players[seat]!;
    if (player.departed) return { rank: null, dollars: null, credits: null };
    return { rank: player.rank, dollars: player.dollars, credits: player.credits };
  },
};
