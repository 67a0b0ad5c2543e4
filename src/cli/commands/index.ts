import type { CommandModule } from 'yargs';
import { botsCommand } from './bots.js';
import { gamesCommand } from './games.js';
import { playCommand } from './play.js';
import { replayCommand } from './replay.js';
import { scenariosCommand } from './scenarios.js';

/** Every `parlor` command, in the order `parlor --help` lists them. */
export const COMMANDS: readonly CommandModule<any, any>[] = [
  gamesCommand,
  botsCommand,
  playCommand,
  replayCommand,
  scenariosCommand,
];
