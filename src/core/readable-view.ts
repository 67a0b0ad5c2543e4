import type { Seat } from './seat.js';

/**
 * A list longer than this is folded to its first FOLD_HEAD and last FOLD_TAIL items: a hand or a
 * score sheet is read whole, a game's whole history would push the rest of the view off the screen.
 */
const LONGEST_LIST = 20;
const FOLD_HEAD = 10;
const FOLD_TAIL = 5;
const INDENT = '  ';
/** An object of plain fields that fits in this many columns is written on its key's line. */
const LINE_WIDTH = 80;

type Scalar = string | number | boolean | null | undefined;

function isScalar(value: unknown): value is Scalar {
  return value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && !value.includes('\n'));
}

/** Words for a person: yes and no, none for null, and an empty string that still shows. */
function scalarText(value: Scalar): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === '') return '""';
  return String(value);
}

/** `shotsLeft` reads as "shots left"; a key that is data (a card, a room: "Colonel Mustard") stays as it is. */
function keyText(key: string): string {
  return /^[a-z][a-zA-Z0-9]*$/.test(key) ? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase() : key;
}

/** Typed arrays (a game's packed sheets) read as the lists they are. */
function asList(value: unknown): readonly unknown[] | null {
  if (Array.isArray(value)) return value;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(value as unknown as ArrayLike<number>);
  return null;
}

/** The items a list shows, by index, with a marker where the fold is: null stands for the folded ones. */
function shownItems(list: readonly unknown[]): (number | null)[] {
  const all = list.map((_, i) => i);
  if (list.length <= LONGEST_LIST) return all;
  return [...all.slice(0, FOLD_HEAD), null, ...all.slice(-FOLD_TAIL)];
}

function folded(list: readonly unknown[]): string {
  return `… ${list.length - FOLD_HEAD - FOLD_TAIL} more (${list.length} in all) …`;
}

/** `label: value` on one line where the value is short enough to be one, else `label:` and the value beneath. */
function entryLines(label: string, value: unknown, indent: string): string[] {
  if (isScalar(value)) return [`${indent}${label}: ${scalarText(value)}`];
  if (typeof value === 'string') return [`${indent}${label}:`, ...value.split('\n').map((line) => `${indent}${INDENT}${line}`)];
  const list = asList(value);
  if (list !== null && list.every(isScalar)) {
    const items = shownItems(list).map((i) => (i === null ? folded(list) : scalarText(list[i] as Scalar)));
    return [`${indent}${label}: ${items.length === 0 ? 'none' : items.join(', ')}`];
  }
  if (list === null && typeof value === 'object' && value !== null) {
    const fields = shownFields(value);
    if (fields.length > 0 && fields.every(([, field]) => isScalar(field))) {
      const line = `${indent}${label}: { ${fields.map(([key, field]) => `${key}: ${scalarText(field as Scalar)}`).join(', ')} }`;
      if (line.length <= LINE_WIDTH) return [line];
    }
  }
  const nested = valueLines(value, indent + INDENT);
  return nested.length === 0 ? [`${indent}${label}: none`] : [`${indent}${label}:`, ...nested];
}

/** An object's fields as a person reads them: keys in words, nothing that is not data. */
function shownFields(value: object): [string, unknown][] {
  return Object.entries(value).flatMap(([key, field]): [string, unknown][] => (field === undefined || typeof field === 'function' ? [] : [[keyText(key), field]]));
}

function valueLines(value: unknown, indent: string): string[] {
  const list = asList(value);
  if (list !== null) return shownItems(list).flatMap((i) => (i === null ? [`${indent}${folded(list)}`] : entryLines(String(i), list[i], indent)));
  if (typeof value === 'object' && value !== null) {
    return shownFields(value).flatMap(([key, field]) => entryLines(key, field, indent));
  }
  if (typeof value === 'string') return value.split('\n').map((line) => `${indent}${line}`);
  return [`${indent}${scalarText(value as Scalar)}`];
}

/**
 * Any plain JSON value (a view, a state) as an indented tree a person reads: one `key: value` a
 * line, lists of plain values on one line, nested objects and lists of them indented beneath their
 * key with each item under its index (seats count from 0, as records do), long lists folded.
 */
export function jsonTree(value: unknown): string[] {
  return valueLines(value, '');
}

/**
 * What one seat sees (`seat` null: the narrator, and `view` the whole state), as the terminal and
 * the replay viewer both show a game that has no screen or picture of its own: who sits at which
 * seat number, since views name seats by number, then the tree.
 */
export function readableView(view: unknown, names: readonly string[], seat: Seat | null): string[] {
  const seats = names.map((name, s) => `${s} ${name}${s === seat ? ' (you)' : ''}`).join(', ');
  return [`Seats: ${seats}`, ...jsonTree(view)];
}
