import { paramList, type BotParamInfo } from '../core/bot-params.js';
import type { BotFactory } from '../core/bot.js';
import { InputError } from '../core/errors.js';
import { C_END_SHARE } from './gains.js';
import type { TunedParam } from './values.js';

const FORM = 'expected key=start:min:max[:step], key=start or key';

/** A number as typed in --params, or a one-line refusal naming the entry. */
function numberOf(text: string, what: string, entry: string): number {
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value)) throw new InputError(`--params ${entry}: the ${what} "${text}" is not a number (${FORM})`);
  return value;
}

function takes(bot: string, list: readonly BotParamInfo[]): string {
  const numeric = list.filter((p) => p.type === 'number' || p.type === 'integer').map((p) => p.name);
  return numeric.length === 0 ? `${bot} has no integer or real parameter to tune` : `${bot}'s integer and real parameters: ${numeric.join(', ')}`;
}

/**
 * `--params 'key=start:min:max[:step],...'` for the bot `factory` (labelled `bot`): each named
 * parameter must be one of its integer or real parameters; the start defaults to the bot's default,
 * the range to its schema's bounds, the step (c_end, the perturbation at the end) to a twentieth of
 * the range. SPSA moves numbers: an enumeration or a boolean is refused naming that scope.
 */
export function parseTunedParams(text: string, factory: BotFactory, bot: string): TunedParam[] {
  const list = paramList(factory);
  const entries = text.split(',').map((e) => e.trim());
  if (entries.some((e) => e === '')) throw new InputError(`--params ${text}: an empty entry in the list (${FORM}, e.g. ${list[0]?.name ?? 'x'}=1:0:2)`);
  const seen = new Set<string>();
  return entries.map((entry) => {
    const equals = entry.indexOf('=');
    const name = (equals < 0 ? entry : entry.slice(0, equals)).trim();
    const parts = equals < 0 ? [] : entry.slice(equals + 1).split(':');
    if (seen.has(name)) throw new InputError(`--params ${entry}: ${name} is named twice`);
    seen.add(name);
    const info = list.find((p) => p.name === name);
    if (info === undefined) throw new InputError(`--params ${entry}: ${bot} has no parameter ${name}; ${takes(bot, list)}`);
    if (info.type !== 'number' && info.type !== 'integer') {
      throw new InputError(`--params ${entry}: ${name} is ${info.type === 'boolean' || info.type === 'string' ? `a ${info.type}` : info.type}; SPSA tunes integer and real parameters only (compare discrete choices with parlor run or parlor sprt)`);
    }
    if (parts.length === 2 || parts.length > 4) throw new InputError(`--params ${entry}: ${FORM}`);
    const integer = info.type === 'integer';
    const start = parts.length > 0 ? numberOf(parts[0]!, 'start', entry) : typeof info.default === 'number' ? info.default : NaN;
    if (Number.isNaN(start)) throw new InputError(`--params ${entry}: ${name} has no default; give its start, ${name}=start:min:max`);
    const min = parts.length >= 3 ? numberOf(parts[1]!, 'min', entry) : info.minimum;
    const max = parts.length >= 3 ? numberOf(parts[2]!, 'max', entry) : info.maximum;
    if (min === undefined || max === undefined) throw new InputError(`--params ${entry}: ${bot}'s schema gives ${name} no range; give one, ${name}=${start}:min:max`);
    if (!(min < max)) throw new InputError(`--params ${entry}: min ${min} must be below max ${max}`);
    if ((info.minimum !== undefined && min < info.minimum) || (info.maximum !== undefined && max > info.maximum)) {
      throw new InputError(`--params ${entry}: the range ${min}:${max} leaves ${bot}'s ${info.minimum ?? '-∞'}:${info.maximum ?? '∞'} for ${name}`);
    }
    if (integer && ![start, min, max].every(Number.isInteger)) throw new InputError(`--params ${entry}: ${name} is an integer; give whole numbers for start, min and max`);
    if (start < min || start > max) throw new InputError(`--params ${entry}: the start ${start} is outside ${min}:${max}`);
    const cEnd = parts.length === 4 ? numberOf(parts[3]!, 'step', entry) : (max - min) * C_END_SHARE;
    if (!(cEnd > 0 && cEnd <= (max - min) / 2)) throw new InputError(`--params ${entry}: the step ${cEnd} must be above 0 and at most half the range (${(max - min) / 2})`);
    return { name, integer, start, min, max, cEnd };
  });
}
