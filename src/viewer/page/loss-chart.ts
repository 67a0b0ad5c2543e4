import type { ScoredDecision } from '../../analysis/analysis.js';
import type { ViewerAnalysis } from '../viewer-data.js';
import { costlyLevel, lossText } from './decision-score.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Seats' colours, by seat number: any game, any number of seats (a ninth seat takes the first's). */
const SEAT_COLOURS = ['#2f6db5', '#c0392b', '#2e8b57', '#8e44ad', '#d68910', '#138d90', '#6d4c41', '#d63384'];

export function seatColour(seat: number): string {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length]!;
}

function svg(tag: string, attributes: Readonly<Record<string, string | number>>, ...children: (Node | string)[]): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  element.append(...children);
  return element;
}

/** The plot's box in the SVG's own units; the SVG scales to the page's width. */
const WIDTH = 800;
const HEIGHT = 170;
const LEFT = 46;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 18;
/** A decision that lost nothing still gets a mark to click, this tall. */
const MIN_BAR = 2;
/** Two numbers on the axis at least this far apart, not to overlap. */
const LABEL_GAP = 12;

/** The chart of a game's losses by step, and how to show the step the page is at. */
export interface LossChart {
  readonly element: SVGElement;
  show(step: number): void;
}

/**
 * One bar per scored decision at its step, as tall as its loss, in its seat's colour (the seats'
 * totals above it are its key), a costly one marked above it; the costly threshold drawn across. A bar is a link to its step, by click or by
 * Enter or Space once focused; a line stands at the step shown.
 */
export function lossChart(analysis: ViewerAnalysis, names: readonly string[], steps: number, go: (step: number) => void): LossChart {
  const threshold = analysis.costly[0];
  const top = Math.max(threshold ?? 0, ...analysis.decisions.map((d) => d.loss)) || 1;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, steps);
  const x = (step: number): number => LEFT + (step - 0.5) * slot;
  const y = (loss: number): number => TOP + plotHeight * (1 - loss / top);
  const width = Math.max(1, slot * 0.8);
  const bars = analysis.decisions.map((decision) => bar(analysis, decision, names, x(decision.step) - width / 2, width, y, go));
  const now = svg('line', { class: 'loss-now', x1: x(0), x2: x(0), y1: TOP, y2: TOP + plotHeight });
  const axis = [
    svg('line', { class: 'loss-axis', x1: LEFT, x2: WIDTH - RIGHT, y1: y(0), y2: y(0) }),
    svg('text', { class: 'loss-tick', x: LEFT - 4, y: y(0), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, '0'),
    svg('text', { class: 'loss-tick', x: LEFT - 4, y: y(top), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, lossText(top)),
    svg('text', { class: 'loss-tick', x: LEFT, y: HEIGHT - 4 }, `step 1`),
    svg('text', { class: 'loss-tick', x: WIDTH - RIGHT, y: HEIGHT - 4, 'text-anchor': 'end' }, `step ${steps}`),
  ];
  // The threshold's number only where it does not cover the axis's own.
  const labelled = threshold !== undefined && Math.min(y(0) - y(threshold), y(threshold) - y(top)) >= LABEL_GAP;
  const costlyLine =
    threshold === undefined
      ? []
      : [
          svg('line', { class: 'costly-line', x1: LEFT, x2: WIDTH - RIGHT, y1: y(threshold), y2: y(threshold) }),
          ...(labelled ? [svg('text', { class: 'loss-tick costly-tick', x: LEFT - 4, y: y(threshold), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, lossText(threshold))] : []),
        ];
  const chart = svg(
    'svg',
    { class: 'loss-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'group', 'aria-label': `Loss in ${analysis.unit} of each scored decision, by step` },
    ...axis,
    ...costlyLine,
    now,
    ...bars,
  );
  return {
    element: chart,
    show(step) {
      now.setAttribute('x1', String(x(step)));
      now.setAttribute('x2', String(x(step)));
      now.classList.toggle('hidden', step === 0);
      for (const b of bars) b.classList.toggle('current', Number(b.dataset['step']) === step);
    },
  };
}

function bar(analysis: ViewerAnalysis, decision: ScoredDecision, names: readonly string[], left: number, width: number, y: (loss: number) => number, go: (step: number) => void): SVGElement {
  const costly = costlyLevel(analysis, decision.loss) !== null;
  const height = Math.max(MIN_BAR, y(0) - y(decision.loss));
  const label = `Step ${decision.step}, ${names[decision.seat]}: ${decision.action}; lost ${lossText(decision.loss)} ${analysis.unit}${costly ? ' (costly)' : ''}`;
  const mark = svg(
    'g',
    { class: costly ? 'loss-bar costly' : 'loss-bar', 'data-step': decision.step, 'data-seat': decision.seat, tabindex: 0, role: 'button', 'aria-label': label },
    svg('title', {}, label),
    svg('rect', { x: left, y: y(0) - height, width, height, fill: seatColour(decision.seat) }),
    ...(costly ? [svg('path', { class: 'costly-mark', d: `M${left + width / 2} ${y(0) - height - 2}l-4 -7h8z` })] : []),
  );
  mark.addEventListener('click', () => go(decision.step));
  mark.addEventListener('keydown', (event) => {
    if (!(event instanceof KeyboardEvent) || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    go(decision.step);
  });
  return mark;
}
