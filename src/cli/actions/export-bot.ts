import { basename, resolve } from 'node:path';
import { gameLabel } from '../../core/game.js';
import { STDIO } from '../../core/user-files.js';
import { exportBot } from '../../export/bot-module.js';
import { checkOutputPath, writeOutputFile } from '../paths.js';
import { printJson, resolveGameArgs, type GameArgs } from '../shared.js';

export interface ExportBotArgs extends GameArgs {
  bot: string;
  out: string;
  json: boolean;
}

/** `parlor export-bot`: the module written to --out or standard output. */
export async function exportBotAction(args: ExportBotArgs): Promise<void> {
  const table = resolveGameArgs(args);
  const toStdout = args.out === STDIO;
  if (!toStdout) checkOutputPath(args.out, 'file');
  const module = await exportBot(table.game, table.variant, table.config, args.bot);
  if (toStdout) {
    process.stdout.write(module.code);
    return;
  }
  const path = resolve(args.out);
  writeOutputFile(path, module.code);
  const bytes = Buffer.byteLength(module.code);
  const { game, variant } = module.info;
  if (args.json) {
    printJson({ file: path, bytes, game, variant, bot: module.label, modules: module.inputs.length });
    return;
  }
  const played = gameLabel(game, variant);
  console.log(`wrote ${path}: the ${module.label} bot for ${played}, ${(bytes / 1024).toFixed(1)} KB from ${module.inputs.length} modules`);
  console.log(`in a page: import { createBot } from './${basename(path)}'; const bot = createBot({ seat, seats, seed });`);
}
