import { z } from 'zod';
import type { BotContext, BotFactory } from './bot.js';
import { isReadOnly, declareReadOnly } from './bot.js';
import { InputError } from './errors.js';

/** A bot's parameters as given: `iterations=2000` is `{ iterations: 2000 }`. */
export type BotParams = Readonly<Record<string, string | number | boolean>>;

/** One parameter as `parlor bots --json` lists it. */
export interface BotParamInfo {
  readonly name: string;
  /** `integer`, `number`, `boolean`, `string`, or `one of a, b, c`. */
  readonly type: string;
  /** Absent for a parameter whose absence means something (ismcts's `ms`: no time budget). */
  readonly default?: unknown;
  /** The schema's bounds on a number, where it sets them (`parlor tune`'s ranges default to them). */
  readonly minimum?: number;
  readonly maximum?: number;
  readonly description: string;
}

interface PropertySchema {
  type?: string;
  enum?: readonly unknown[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
}

function properties(schema: z.ZodObject): Record<string, PropertySchema> {
  return (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, PropertySchema> }).properties ?? {};
}

function typeOf(property: PropertySchema): string {
  if (property.enum !== undefined) return `one of ${property.enum.join(', ')}`;
  return property.type ?? 'value';
}

/** The parameters a factory takes, in the order its schema declares them. */
export function paramList(factory: BotFactory): BotParamInfo[] {
  if (factory.params === undefined) return [];
  return Object.entries(properties(factory.params)).map(([name, p]) => ({
    name,
    type: typeOf(p),
    ...(p.default !== undefined ? { default: p.default } : {}),
    ...(p.minimum !== undefined ? { minimum: p.minimum } : {}),
    ...(p.maximum !== undefined ? { maximum: p.maximum } : {}),
    description: p.description ?? '',
  }));
}

/** "iterations (integer, default 2000), ms (integer)": what a bot takes, for error lines. */
function paramsLine(factory: BotFactory): string {
  const list = paramList(factory);
  if (list.length === 0) return `${factory.name} takes no parameters`;
  const one = (p: BotParamInfo): string => `${p.name} (${p.type}${p.default !== undefined ? `, default ${String(p.default)}` : ''})`;
  return `${factory.name} takes ${list.map(one).join(', ')}`;
}

/** A parameter's value as typed on a command line: a number, true/false, or else a word. */
export function typedValue(text: string): string | number | boolean {
  if (/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

/**
 * `given` checked against the factory's schema: the parameters that differ from their defaults,
 * keys sorted, so that one configuration has one spelling. A bad or unknown parameter is one line
 * naming the bot's parameters.
 */
export function canonicalParams(factory: BotFactory, given: BotParams, where: string): BotParams {
  const keys = Object.keys(given);
  if (keys.length === 0) return {};
  if (factory.params === undefined) throw new InputError(`${where}: ${paramsLine(factory)}`);
  const parsed = factory.params.strict().safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const said = issue.code === 'unrecognized_keys' ? `unknown parameter ${issue.keys.join(', ')}` : `${issue.path.map(String).join('.')}: ${issue.message}`;
    throw new InputError(`${where}: ${said}; ${paramsLine(factory)}`);
  }
  const defaults = factory.params.parse({}) as Record<string, unknown>;
  const values = parsed.data as Record<string, string | number | boolean>;
  const canonical: Record<string, string | number | boolean> = {};
  for (const key of keys.sort()) if (values[key] !== defaults[key]) canonical[key] = values[key]!;
  return canonical;
}

/** `ismcts(iterations=500,rollout=greedy)`, or the bare name without parameters. */
export function paramsLabel(name: string, params: BotParams): string {
  const keys = Object.keys(params);
  return keys.length === 0 ? name : `${name}(${keys.map((k) => `${k}=${String(params[k])}`).join(',')})`;
}

/**
 * The factory whose bots get `params` in their context; the factory itself when there are none.
 * Bound factories keep the read-only promise of the factory they bind.
 */
export function withParams(factory: BotFactory, params: BotParams): BotFactory {
  if (Object.keys(params).length === 0) return factory;
  const bound: BotFactory = {
    name: factory.name,
    description: factory.description,
    ...(factory.params !== undefined ? { params: factory.params } : {}),
    create: (ctx: BotContext) => factory.create({ ...ctx, params: { ...ctx.params, ...params } }),
    ...(factory.close !== undefined ? { close: () => factory.close!() } : {}),
  };
  return isReadOnly(factory) ? declareReadOnly(bound) : bound;
}

/** Each schema's defaults, parsed once: most bots are made without parameters, one per seat and game. */
const defaultsOf = new WeakMap<z.ZodObject, unknown>();

/** A bot's parameters with the defaults filled in, for its `create`: `ctx.params` checked by its schema. */
export function paramsOf<S extends z.ZodObject>(schema: S, ctx: BotContext): z.output<S> {
  if (ctx.params !== undefined) return schema.parse(ctx.params);
  let defaults = defaultsOf.get(schema);
  if (defaults === undefined) {
    defaults = Object.freeze(schema.parse({}));
    defaultsOf.set(schema, defaults);
  }
  return defaults as z.output<S>;
}
