import type { GameDefinition } from '../../core/game.js';
import { plainTable } from '../../report/console-table.js';
import { GAMES } from '../../games/registry.js';
import { printJson } from '../shared.js';

const HEAD = ['game', 'title', 'players', 'variants (first is the default)'];

function range([min, max]: readonly [number, number]): string {
  return `${min}-${max}`;
}

/**
 * The games as `parlor games` prints them: a row of facts each, and under it the game's summary
 * across the table, wrapped to the table's width so that the table stays as narrow as its facts.
 */
export function gamesTable(games: readonly GameDefinition[]): string {
  const rows = games.map((g) => [g.id, g.title, range(g.players), g.variants.map((v) => `${v.id} (${range(v.players)})`).join(', ') || '-']);
  const colWidths = HEAD.map((head, i) => Math.max(head.length, ...rows.map((row) => row[i]!.length)) + 2);
  const table = plainTable({ head: HEAD, colWidths, wordWrap: true });
  games.forEach((game, i) => table.push(rows[i]!, [{ colSpan: HEAD.length, content: game.summary }]));
  return table.toString();
}

/** `parlor games`. */
export function gamesAction(args: { json: boolean }): void {
  if (args.json) {
    printJson({
      games: GAMES.map((g) => ({
        id: g.id,
        title: g.title,
        players: [...g.players],
        variants: g.variants.map((v) => ({ id: v.id, players: [...v.players] })),
        summary: g.summary,
      })),
    });
  } else console.log(gamesTable(GAMES));
}
