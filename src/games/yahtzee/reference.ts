import type { ReferenceScores } from '../../core/game.js';
import type { YahtzeeConfig } from './config.js';
import { loadScoreDistribution, seriesDistribution } from './solver/distribution.js';
import './solver/load.js'; // the table from the disk cache
import { sharedTable } from './solver/table.js';

/**
 * The exact distribution of the score a tournament samples (the series total) under optimal play,
 * each game of the series an independent game from the empty card; P(upper bonus) and P(Yahtzee)
 * are per game, as the `upperBonus` and `yahtzee` metrics are. Solved tables and the one-game
 * distribution are cached (the first computation takes seconds).
 */
export function optimalReference(config: YahtzeeConfig): ReferenceScores {
  const single = loadScoreDistribution(sharedTable());
  const total = config.series === 1 ? single : seriesDistribution(single, config.series);
  return {
    label: 'optimal play (exact)',
    probabilities: Array.from(total.probabilities),
    metrics: { upperBonus: single.bonusProbability, yahtzee: single.yahtzeeProbability },
  };
}
