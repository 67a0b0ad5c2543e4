import type { NoAnalysis } from './analysis.js';

export const deadwoodNoAnalysis: NoAnalysis = {
  gameId: 'deadwood',
  reason:
    'no exact answer exists to score its decisions against: its hidden cards, dice and other players make the value of an action unknowable exactly, and an estimate by search would be a second bot judging the first',
};
