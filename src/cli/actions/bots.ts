import { plainTable } from '../../report/console-table.js';
import { builtinBots, isSearchPlayer, takeoverBuiltin } from '../../../bots/registry.js';
import { paramList, type BotParamInfo } from '../../core/bot-params.js';
import type { GameDefinition } from '../../core/game.js';
import { findGame } from '../../games/registry.js';
import { printJson } from '../shared.js';

export interface BotsArgs {
  game: string;
  json: boolean;
}

/** `parlor bots`. */
export function botsAction(args: BotsArgs): void {
  const game = findGame(args.game);
  if (args.json) printJson(botListing(game));
  else console.log(botsText(game));
}

/** `parlor bots --json`: a game's System Players (the generic ones included) with their parameters, and who takes over a person's seat. */
export function botListing(game: GameDefinition) {
  return {
    game: game.id,
    bots: builtinBots(game).map((b) => ({ name: b.name, description: b.description, params: paramList(b) })),
    takeover: takeoverBuiltin(game).name,
  };
}

/** What `parlor bots` prints: the table, weakest first, then how to name a bot and what the list lacks. */
export function botsText(game: GameDefinition): string {
  const { bots, takeover } = botListing(game);
  const table = plainTable({ head: ['bot', 'plays', 'parameters'] });
  for (const b of bots) table.push([b.name, b.description, b.params.map(paramText).join('\n')]);
  return [
    table.toString(),
    "Parameters go in parentheses: --bots 'name(key=value,...)' (docs/bots.md).",
    `At the terminal, ${takeover} takes the seat of a person who leaves (--takeover names another).`,
    // A game author's first question when ismcts is missing: which verb of the contract it needs.
    ...(builtinBots(game).some(isSearchPlayer) ? [] : [`No ismcts: ${game.id} has hidden information and no sampleState to draw a state from a seat's knowledge.`]),
    'A module path (./my-bot.js) also names a bot: see "Adding a bot" in the README.',
  ].join('\n');
}

/** "iterations=2000: iterations per decision (integer)". */
function paramText(p: BotParamInfo): string {
  return `${p.name}${p.default !== undefined ? `=${String(p.default)}` : ''}: ${p.description} (${p.type})`;
}
