import type { CommandModule } from 'yargs';
import { analyzeCommand } from './analyze.js';
import { botCommand } from './bot.js';
import { botsCommand } from './bots.js';
import { clueCommand } from './clue.js';
import { clusterCommand } from './cluster.js';
import { diffCommand } from './diff.js';
import { exportBotCommand } from './export-bot.js';
import { gamesCommand } from './games.js';
import { mergeCommand } from './merge.js';
import { playCommand } from './play.js';
import { protocolCommand } from './protocol.js';
import { replayCommand } from './replay.js';
import { runCommand } from './run.js';
import { scenariosCommand } from './scenarios.js';
import { serveCommand } from './serve.js';
import { sprtCommand } from './sprt.js';
import { tuneCommand } from './tune.js';
import { viewCommand } from './view.js';
import { yahtzeeCommand } from './yahtzee.js';

/** Every `parlor` command, in the order `parlor --help` lists them. */
export const COMMANDS: readonly CommandModule<any, any>[] = [
  gamesCommand,
  botsCommand,
  playCommand,
  replayCommand,
  viewCommand,
  analyzeCommand,
  scenariosCommand,
  runCommand,
  mergeCommand,
  diffCommand,
  clusterCommand,
  sprtCommand,
  tuneCommand,
  yahtzeeCommand,
  clueCommand,
  botCommand,
  protocolCommand,
  exportBotCommand,
  serveCommand,
];

/** The commands that hold commands of their own (`parlor yahtzee advise`): a message names both words. */
export const WITH_SUBCOMMANDS: readonly CommandModule<any, any>[] = [yahtzeeCommand, clueCommand, protocolCommand];
