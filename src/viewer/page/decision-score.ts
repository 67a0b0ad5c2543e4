import type { ScoredDecision } from '../../analysis/analysis.js';
import { el } from '../../drawing/dom.js';
import type { ViewerAnalysis } from '../viewer-data.js';

/** A loss to three significant figures (15.3, 1.14, 0.0284): the analyses are exact, the eye needs no more. */
export function lossText(loss: number): string {
  if (loss === 0) return '0';
  return loss < 0.001 ? '< 0.001' : String(Number(loss.toPrecision(3)));
}

/** The highest costly threshold a loss reaches, or null for a decision that is not costly. */
export function costlyLevel(analysis: ViewerAnalysis, loss: number): number | null {
  return analysis.costly.filter((threshold) => loss >= threshold).at(-1) ?? null;
}

/**
 * A decision's score in words: its loss, the best action where it was another, the analyzer's note,
 * and a marker on a costly one, naming the highest threshold it reached.
 */
export function decisionScore(tag: 'p' | 'span', analysis: ViewerAnalysis, decision: ScoredDecision): HTMLElement {
  const level = costlyLevel(analysis, decision.loss);
  return el(
    tag,
    { class: level === null ? 'score' : 'score costly', 'data-loss': decision.loss },
    level === null ? null : el('span', { class: 'costly-marker', title: `a loss of at least ${level} ${analysis.unit}` }, `▲ costly (≥ ${level})`),
    el('span', { class: 'loss' }, `Lost ${lossText(decision.loss)} ${analysis.unit}`),
    decision.best === decision.action ? null : el('span', { class: 'best' }, `best: ${decision.best}`),
    decision.note === undefined ? null : el('span', { class: 'note' }, decision.note),
  );
}
