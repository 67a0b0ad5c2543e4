import { InputError } from '../core/errors.js';
import type { GameAnalyzer, NoAnalysis } from './analysis.js';
import { clueAnalyzer } from './clue/analyzer.js';
import { deadwoodNoAnalysis } from './deadwood.js';
import { yahtzeeAnalyzer } from './yahtzee.js';

/** The games with an analysis; each names its game. */
const ANALYZERS: readonly GameAnalyzer[] = [clueAnalyzer, yahtzeeAnalyzer];

/** The games that have said why they have none. */
const WITHOUT: readonly NoAnalysis[] = [deadwoodNoAnalysis];

/** The games `parlor analyze` analyses, for messages: "clue and yahtzee". */
function analysedGames(): string {
  const ids = ANALYZERS.map((analyzer) => analyzer.gameId);
  return ids.length === 1 ? ids[0]! : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`;
}

/** The analyzer of `gameId`, or one line saying there is none (and why, where its game says). */
export function analyzerOf(gameId: string): GameAnalyzer {
  const analyzer = ANALYZERS.find((a) => a.gameId === gameId);
  if (analyzer !== undefined) return analyzer;
  const those = `only ${analysedGames()} ${ANALYZERS.length === 1 ? 'has' : 'have'} one`;
  const without = WITHOUT.find((w) => w.gameId === gameId);
  throw new InputError(without !== undefined ? `${gameId} has no analysis: ${without.reason} (${those})` : `${gameId} has no analysis: ${those}`);
}
