import type { NotebookResult } from '../notebook/solve-notebook.js';
import type { CompactGrid } from './pictures.js';

/**
 * A notebook grid as compact numbers: exactly 1 and 0 where known, otherwise the chance rounded to
 * 1/1000 but kept strictly between them, so that rounding never reads as knowledge. null when the
 * observations contradict each other.
 */
export function compactGrid(result: NotebookResult, cards: readonly string[]): CompactGrid | null {
  if (!result.consistent) return null;
  const p = cards.flatMap((card) =>
    result.owners.map((owner) => {
      const cell = result.cards[card]![owner]!;
      if (cell.status !== 'maybe') return cell.status === 'yes' ? 1 : 0;
      return Math.min(0.999, Math.max(0.001, Math.round(cell.p * 1000) / 1000));
    }),
  );
  return { owners: result.owners, cards, p, worlds: result.worlds, solution: result.solution };
}
