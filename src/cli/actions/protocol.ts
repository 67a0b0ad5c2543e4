import { InputError } from '../../core/errors.js';
import { shellLine } from '../../core/shell.js';
import { processLimitsSchema } from '../../protocol/process-limits.js';
import { findGame } from '../../games/registry.js';
import { checkBot, describeGame } from '../../protocol-check/check.js';
import { scriptsFor } from '../../protocol-check/scripts.js';
import { printJson } from '../shared.js';

export interface CheckArgs {
  command?: string[];
  _: (string | number)[];
  game?: string;
  'move-ms'?: number;
  'bank-ms'?: number;
  'handshake-ms': number;
  json: boolean;
}

/** The flag that sets each limit, to name the one refused. */
const LIMIT_FLAGS = { moveMs: 'move-ms', bankMs: 'bank-ms', handshakeMs: 'handshake-ms' } as const;

/** `parlor protocol check`: exit 1 on any failure. */
export function checkAction(args: CheckArgs): void {
  const words = [...(args.command ?? []), ...args._.slice(2).map(String)];
  if (words.length === 0) throw new InputError('name the bot command after --, e.g. parlor protocol check -- python3 examples/python/parlor_bot.py');
  // A move time given alone is the limit of every decision: a bank would let a hung bot run on for 10 s.
  const moveMs = args['move-ms'];
  const bankMs = args['bank-ms'] ?? (moveMs !== undefined ? 0 : undefined);
  const limits = processLimitsSchema.safeParse({ moveMs, bankMs, handshakeMs: args['handshake-ms'] });
  if (!limits.success) {
    const flag = LIMIT_FLAGS[limits.error.issues[0]!.path[0] as keyof typeof LIMIT_FLAGS];
    throw new InputError(`--${flag} ${args[flag]}: expected a whole number of milliseconds (>= ${flag === 'bank-ms' ? 0 : 1})`);
  }
  const report = checkBot(shellLine(words), limits.data, args.game);
  if (args.json) printJson(report);
  else {
    console.log(`protocol ${report.protocol} check of: ${report.command}`);
    console.log(`claims: ${report.claims.length > 0 ? report.claims.join(', ') : 'none'}`);
    for (const g of report.games) {
      const choice = scriptsFor(findGame(g.game)).choice?.name;
      const choices = g.refutationChoices > 0 ? `, ${g.refutationChoices} ${choice}${g.refutationChoices === 1 ? '' : 's'}` : '';
      console.log(`${g.fault === null && g.engineError === undefined ? 'ok  ' : 'FAIL'}  ${describeGame(g)}: ${g.decisions} decisions${choices}`);
    }
    for (const note of report.notes) console.log(`note: ${note}`);
    for (const failure of report.failures) console.log(`failed: ${failure}`);
    console.log(report.failures.length === 0 ? 'passed' : `${report.failures.length} failure${report.failures.length === 1 ? '' : 's'}`);
  }
  if (report.failures.length > 0) process.exitCode = 1;
}
