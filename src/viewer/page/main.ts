import { classicBoard } from '../../drawing/classic-board.js';
import { clueGrid } from '../../drawing/clue-grid.js';
import { cluelessBoard, type Moved } from '../../drawing/clueless-board.js';
import { deadwoodBoard, deadwoodPlayers } from '../../drawing/deadwood-board.js';
import { el } from '../../drawing/dom.js';
import type { CluePicture, ClueSetup, Picture } from '../../drawing/pictures.js';
import { suspectColor } from '../../drawing/suspects.js';
import { yahtzeeTable } from '../../drawing/yahtzee-table.js';
import type { ScoredDecision } from '../../analysis/analysis.js';
import type { ViewerAnalysis, ViewerData, ViewerStep } from '../viewer-data.js';
import { decisionScore, lossText } from './decision-score.js';
import { lossChart, seatColour, type LossChart } from './loss-chart.js';

const data = JSON.parse(document.getElementById('viewer-data')!.textContent!) as ViewerData;

/** The picture at every step: each step holds only the fields that changed. */
const pictures: Picture[] = [];
for (const step of data.steps) pictures.push({ ...(pictures.at(-1) ?? {}), ...step.changed } as Picture);
const last = data.steps.length - 1;
let at = 0;
/** The scored decisions by step (`--analyze`): a step is one seat's one action. */
const scored = new Map<number, ScoredDecision>((data.analysis?.decisions ?? []).map((decision) => [decision.step, decision]));

function part(id: string): HTMLElement {
  return document.getElementById(id)!;
}

function movedSince(before: Picture | undefined, now: CluePicture): Moved {
  if (before === undefined || before.kind !== 'clue') return { pawns: [], weapons: [] };
  return {
    pawns: Object.keys(now.pawns).filter((suspect) => before.pawns[suspect] !== now.pawns[suspect]),
    weapons: Object.keys(now.weapons).filter((weapon) => before.weapons[weapon] !== now.weapons[weapon]),
  };
}

/** The players around a Clue table: their suspect, the hand this perspective may see, and how they stand. */
function cluePlayers(setup: ClueSetup, picture: CluePicture): HTMLElement {
  const rows = data.names.map((name, seat) => {
    const hand = picture.hands[seat];
    const won = data.winners?.includes(seat) === true && at === last;
    return el(
      'tr',
      { class: [seat === picture.toAct ? 'to-act' : '', won ? 'winner' : '', seat === data.seat ? 'me' : ''].filter(Boolean).join(' '), 'data-seat': seat },
      el('td', {}, el('span', { class: 'dot', style: { '--pawn': suspectColor(setup.suspects[seat]!) } }), name),
      el('td', {}, setup.suspects[seat]!),
      el('td', { class: 'hand' }, hand === null || hand === undefined ? 'hidden' : hand.join(', ')),
      el('td', {}, [won ? 'winner' : '', picture.notes[seat] ?? ''].filter(Boolean).join(', ')),
    );
  });
  const head = el('tr', {}, ...['Player', 'Suspect', 'Cards', ''].map((title) => el('th', {}, title)));
  return el('table', { class: 'players' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

function clueTable(setup: ClueSetup, picture: CluePicture): HTMLElement[] {
  const moved = movedSince(pictures[at - 1], picture);
  const me = data.seat === null ? null : { suspect: setup.suspects[data.seat]!, position: picture.pawns[setup.suspects[data.seat]!] ?? '' };
  const board = setup.plan !== null ? cluelessBoard(setup.plan, picture, me, moved) : classicBoard(setup.seating, picture, moved);
  const file = picture.caseFile;
  return [
    board,
    el(
      'aside',
      {},
      picture.dice === null ? null : el('p', { class: 'dice' }, `Dice: ${picture.dice.join(' + ')}`),
      el('p', { class: 'case-file' }, file === null ? 'Case file: hidden' : `Case file: ${file.suspect}, ${file.weapon}, ${file.room}`),
      cluePlayers(setup, picture),
      picture.grid === null ? null : el('section', { class: 'seat-grid' }, el('h2', {}, `${data.names[data.seat!]}'s deduction grid`), clueGrid(picture.grid, setup.cards)),
    ),
  ];
}

function table(picture: Picture): HTMLElement[] {
  const setup = data.setup;
  if (picture.kind === 'clue' && setup.kind === 'clue') return clueTable(setup, picture);
  if (picture.kind === 'deadwood' && setup.kind === 'deadwood') return [deadwoodBoard(setup, picture), el('aside', {}, deadwoodPlayers(picture, at === last ? data.winners : null))];
  if (picture.kind === 'yahtzee' && setup.kind === 'yahtzee') return [yahtzeeTable(setup, picture, data.names, at === last ? data.winners : null)];
  if (picture.kind === 'view') return [el('pre', { class: 'view-tree', 'aria-label': data.seat === null ? 'The whole state' : `${data.names[data.seat]}'s view` }, picture.lines.join('\n'))];
  return [el('p', { class: 'error' }, 'This file holds a game the viewer cannot draw.')];
}

/** Who acted at a step, and what they chose where this perspective may know it. */
function actor(step: ViewerStep): string {
  if (step.seat === null) return 'The table as set up.';
  return step.action === null ? `${data.names[step.seat]} acted.` : `${data.names[step.seat]}: ${step.action}`;
}

function ending(): string {
  if (at !== last || data.winners === null) return '';
  if (data.winners.length === 0) return 'Game over: nobody won.';
  return `Game over: ${data.winners.map((seat) => data.names[seat]).join(' and ')} won.`;
}

/** A step's score where it is a scored decision, as a paragraph of this step or a line of the log. */
function scoreOf(tag: 'p' | 'span', step: number): HTMLElement | null {
  const decision = scored.get(step);
  return decision === undefined || data.analysis === undefined ? null : decisionScore(tag, data.analysis, decision);
}

/** Each seat's decisions, summed: how many were scored, their total loss, how many were costly. */
function seatTotals(analysis: ViewerAnalysis): HTMLElement {
  const seats = [...new Set(analysis.decisions.map((d) => d.seat))].sort((a, b) => a - b);
  const threshold = analysis.costly[0];
  const rows = seats.map((seat) => {
    const own = analysis.decisions.filter((d) => d.seat === seat);
    const costly = threshold === undefined ? '' : `, ${own.filter((d) => d.loss >= threshold).length} costly (≥ ${threshold})`;
    const total = own.reduce((sum, d) => sum + d.loss, 0);
    return el('li', { 'data-seat': seat }, el('span', { class: 'seat-key', style: { '--seat': seatColour(seat) } }, data.names[seat]!), `: lost ${lossText(total)} ${analysis.unit} over ${own.length} decisions${costly}`);
  });
  return el('ul', { class: 'seat-totals' }, ...rows);
}

/** The analysis (`--analyze`), drawn once after this step's box: its caveat, each seat's totals and the chart. */
function analysisSection(analysis: ViewerAnalysis): LossChart {
  const chart = lossChart(analysis, data.names, last, go);
  const section = el(
    'section',
    { id: 'analysis', 'aria-label': 'Analysis' },
    el('h2', {}, `Analysis: each decision's loss in ${analysis.unit} against the best one`),
    el('p', { class: 'caveat' }, analysis.caveat),
    seatTotals(analysis),
    chart.element,
  );
  part('this-step').after(section);
  return chart;
}

function draw(): void {
  document.body.dataset['step'] = String(at);
  const slider = part('slider') as HTMLInputElement;
  slider.value = String(at);
  part('step-count').textContent = `Step ${at} of ${last}`;
  const step = data.steps[at]!;
  const score = scoreOf('p', at);
  part('this-step').replaceChildren(el('p', { class: 'actor' }, actor(step)), ...(score === null ? [] : [score]), ...step.lines.map((line) => el('p', { class: 'line' }, line)));
  chart?.show(at);
  part('ending').textContent = ending();
  part('table').replaceChildren(...table(pictures[at]!));
  // The steps so far, numbered as the slider counts them; a step is a link back to it.
  const steps = data.steps.slice(0, at + 1).map((s, i) =>
    el('li', { class: i === at ? 'current' : '', 'data-step': i, onclick: () => go(i) }, el('span', { class: 'actor' }, actor(s)), scoreOf('span', i), ...s.lines.map((line) => el('span', { class: 'line' }, line))),
  );
  part('log').replaceChildren(el('h2', {}, data.seat === null ? 'Everything that happened' : `${data.names[data.seat]}'s notebook`), el('ol', { start: 0 }, ...steps));
  part('log').querySelector('li.current')?.scrollIntoView({ block: 'nearest' });
}

function go(step: number): void {
  at = Math.max(0, Math.min(last, step));
  draw();
}

part('title').textContent = data.title;
const chart = data.analysis === undefined ? null : analysisSection(data.analysis);
part('perspective').textContent = data.seat === null ? 'Seen by the narrator: everything, hidden cards included.' : `Seen as ${data.names[data.seat]}: only what this seat knew.`;
const slider = part('slider') as HTMLInputElement;
slider.max = String(last);
slider.addEventListener('input', () => go(Number(slider.value)));
part('first').addEventListener('click', () => go(0));
part('previous').addEventListener('click', () => go(at - 1));
part('next').addEventListener('click', () => go(at + 1));
part('last').addEventListener('click', () => go(last));
document.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement && event.target !== slider) return;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  go(to);
});
draw();
