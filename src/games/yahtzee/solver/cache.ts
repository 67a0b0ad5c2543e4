/**
 * The table on disk: one versioned file in the user's cache folder, checked before it is trusted.
 *
 * Layout (little-endian): 16 bytes magic, u32 format version, u32 state count, 32 bytes rules
 * fingerprint (SHA-256 of everything the values depend on: the score of every roll in every
 * category, the bonus rule, the state layout), 32 bytes SHA-256 of the values, 8 bytes zero, then
 * the values as float64. A file of another format, state layout or rule set is stale; a file whose
 * values do not match their checksum, or of the wrong length, is corrupt. Either way it is rebuilt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UPPER_BONUS, UPPER_BONUS_THRESHOLD } from '../scoring.js';
import { SCORE } from './score-table.js';
import { classNeeds, MASKS, STATE_COUNT, UPPER_MASK } from './states.js';

export const CACHE_FORMAT = 1;
const MAGIC = Buffer.from('parlor-yahtzee-T', 'ascii');
const HEADER = 96;
const FINGERPRINT_AT = 24;
const CHECKSUM_AT = 56;

/**
 * Where parlor keeps its caches: $PARLOR_CACHE_DIR (tests point it at a temporary folder), else
 * $XDG_CACHE_HOME/parlor, else ~/.cache/parlor.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['PARLOR_CACHE_DIR']) return env['PARLOR_CACHE_DIR'];
  if (env['XDG_CACHE_HOME']) return join(env['XDG_CACHE_HOME'], 'parlor');
  return join(homedir(), '.cache', 'parlor');
}

export function tableCachePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheDir(env), `yahtzee-optimal-v${CACHE_FORMAT}.bin`);
}

function sha256(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

let fingerprint: Buffer | undefined;

/** Everything the table's values depend on besides the solver itself (which CACHE_FORMAT covers). */
export function rulesFingerprint(): Buffer {
  if (fingerprint === undefined) {
    const needs: number[] = [];
    for (let u = 0; u <= UPPER_MASK; u++) needs.push(...classNeeds(u), -1);
    const rules = JSON.stringify({ format: CACHE_FORMAT, bonus: UPPER_BONUS, threshold: UPPER_BONUS_THRESHOLD, masks: MASKS, needs });
    fingerprint = sha256(Buffer.from(rules), SCORE);
  }
  return fingerprint;
}

function valueBytes(values: Float64Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** The file's bytes for a table (this machine is little-endian, as Node's platforms are). */
export function encodeTable(values: Float64Array): Buffer {
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header, 0);
  header.writeUInt32LE(CACHE_FORMAT, 16);
  header.writeUInt32LE(values.length, 20);
  rulesFingerprint().copy(header, FINGERPRINT_AT);
  sha256(valueBytes(values)).copy(header, CHECKSUM_AT);
  return Buffer.concat([header, valueBytes(values)]);
}

export type CacheRead = { readonly values: Float64Array } | { readonly problem: string };

/** The table in `bytes`, or what is wrong with them. */
export function decodeTable(bytes: Uint8Array): CacheRead {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (file.length < HEADER || !file.subarray(0, MAGIC.length).equals(MAGIC)) return { problem: 'corrupt: not a parlor Yahtzee table' };
  const format = file.readUInt32LE(16);
  if (format !== CACHE_FORMAT) return { problem: `stale: format ${format}, expected ${CACHE_FORMAT}` };
  if (file.readUInt32LE(20) !== STATE_COUNT) return { problem: `stale: ${file.readUInt32LE(20)} states, expected ${STATE_COUNT}` };
  if (!file.subarray(FINGERPRINT_AT, FINGERPRINT_AT + 32).equals(rulesFingerprint())) return { problem: 'stale: built for other rules' };
  if (file.length !== HEADER + STATE_COUNT * 8) return { problem: `corrupt: ${file.length} bytes, expected ${HEADER + STATE_COUNT * 8}` };
  const values = new Float64Array(STATE_COUNT);
  const bytesOut = valueBytes(values);
  bytesOut.set(file.subarray(HEADER));
  if (!sha256(bytesOut).equals(file.subarray(CHECKSUM_AT, CHECKSUM_AT + 32))) return { problem: 'corrupt: checksum mismatch' };
  return { values };
}

/** The file at `path`, or why it cannot be read ('missing' when it does not exist). */
function readCacheFile(path: string): Buffer | { readonly problem: string } {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'missing' : `unreadable: ${(error as Error).message}` };
  }
}

/** Reads the cached table at `path`; a missing file is a problem like any other. */
export function readTableCache(path: string): CacheRead {
  const bytes = readCacheFile(path);
  return Buffer.isBuffer(bytes) ? decodeTable(bytes) : bytes;
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
function writeAtomically(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

export function writeTableCache(path: string, values: Float64Array): void {
  writeAtomically(path, encodeTable(values));
}

export function distributionCachePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheDir(env), `yahtzee-distribution-v${CACHE_FORMAT}.json`);
}

/** Writes `payload` as JSON with the rules fingerprint and a checksum, through a temporary file. */
export function writeJsonCache(path: string, payload: unknown): void {
  const body = JSON.stringify(payload);
  const file = JSON.stringify({ format: CACHE_FORMAT, fingerprint: rulesFingerprint().toString('hex'), checksum: sha256(Buffer.from(body)).toString('hex'), body });
  writeAtomically(path, Buffer.from(file));
}

export type JsonCacheRead = { readonly payload: unknown } | { readonly problem: string };

/** The payload of a JSON cache file written by writeJsonCache, or what is wrong with the file. */
export function readJsonCache(path: string): JsonCacheRead {
  const bytes = readCacheFile(path);
  if (!Buffer.isBuffer(bytes)) return bytes;
  let file: { format?: unknown; fingerprint?: unknown; checksum?: unknown; body?: unknown };
  try {
    file = JSON.parse(bytes.toString('utf8')) as typeof file;
  } catch {
    return { problem: 'corrupt: not JSON' };
  }
  if (file.format !== CACHE_FORMAT) return { problem: `stale: format ${String(file.format)}, expected ${CACHE_FORMAT}` };
  if (file.fingerprint !== rulesFingerprint().toString('hex')) return { problem: 'stale: built for other rules' };
  if (typeof file.body !== 'string' || file.checksum !== sha256(Buffer.from(file.body)).toString('hex')) return { problem: 'corrupt: checksum mismatch' };
  return { payload: JSON.parse(file.body) as unknown };
}
