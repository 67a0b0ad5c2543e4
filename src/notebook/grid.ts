import { CARDS, type ClueVariantId } from '../games/clue/cards.js';
import type { NotebookResult } from './solve-notebook.js';

/** A probability for the grid: whole percents, but never 0% or 100% for what is only likely. */
function percent(p: number): string {
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(100 * p)}%`;
}

/** The familiar notebook grid: cards down, owners across, each cell yes, no or a percentage. */
export function notebookGrid(result: NotebookResult, variant: ClueVariantId): string {
  if (!result.consistent) return `Inconsistent: ${result.message}.`;
  const deck = CARDS[variant];
  const heads = result.owners.map((o) => (o === 'caseFile' ? 'Case file' : o));
  const cardWidth = Math.max(...deck.all.map((c) => c.length)) + 4;
  const widths = heads.map((h) => Math.max(h.length, 4));
  const row = (label: string, cells: readonly string[]): string =>
    (label.padEnd(cardWidth) + cells.map((c, i) => c.padStart(widths[i]!)).join('  ')).trimEnd();
  const lines = [row('', heads)];
  const sections: [string, readonly string[]][] = [
    ['Suspects', deck.suspects],
    ['Weapons', deck.weapons],
    ['Rooms', deck.rooms],
  ];
  for (const [title, cards] of sections) {
    lines.push(title);
    for (const card of cards) {
      const cells = result.owners.map((owner) => {
        const cell = result.cards[card]![owner]!;
        return cell.status === 'maybe' ? percent(cell.p) : cell.status;
      });
      lines.push(row(`  ${card}`, cells));
    }
  }
  const s = result.solution;
  lines.push('');
  lines.push(s === null ? 'Case file: not certain yet.' : `Case file: ${s.suspect} with the ${s.weapon} in the ${s.room}.`);
  lines.push(`${result.worlds} deals fit the observations; percentages count them all as equally likely.`);
  return lines.join('\n');
}
