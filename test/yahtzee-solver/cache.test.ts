import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheDir, decodeTable, encodeTable, readTableCache, tableCachePath, writeTableCache } from '../../src/games/yahtzee/solver/cache.js';
import { STATE_COUNT } from '../../src/games/yahtzee/solver/states.js';
import { loadTableSync } from '../../src/games/yahtzee/solver/load.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-yahtzee-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A table-shaped array of made-up values: the file format does not care what they mean. */
function madeUp(): Float64Array {
  return Float64Array.from({ length: STATE_COUNT }, (_, i) => Math.sqrt(i) * 1.5);
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** The encoded table with one byte changed. */
function withByte(at: number, change: (b: number) => number): Buffer {
  const bytes = encodeTable(madeUp());
  bytes[at] = change(bytes[at]!);
  return bytes;
}

describe('the table cache file', () => {
  it('lives in $PARLOR_CACHE_DIR, else $XDG_CACHE_HOME/parlor, else ~/.cache/parlor, named by its format version', () => {
    expect(cacheDir({ PARLOR_CACHE_DIR: '/x', XDG_CACHE_HOME: '/y' })).toBe('/x');
    expect(cacheDir({ XDG_CACHE_HOME: '/y' })).toBe(join('/y', 'parlor'));
    expect(cacheDir({})).toBe(join(homedir(), '.cache', 'parlor'));
    expect(tableCachePath({ PARLOR_CACHE_DIR: '/x' })).toBe(join('/x', 'yahtzee-optimal-v1.bin'));
  });

  it('reads back exactly what was written', () => {
    const path = join(dir, 'roundtrip.bin');
    writeTableCache(path, madeUp());
    const read = readTableCache(path);
    expect('values' in read && sameValues(read.values, madeUp())).toBe(true);
  });

  it('is not trusted when a value, the length, the magic, the version or the rules differ', () => {
    const valuesStart = 96;
    expect(decodeTable(withByte(valuesStart + 1000, (b) => b ^ 1))).toEqual({ problem: 'corrupt: checksum mismatch' });
    expect(decodeTable(encodeTable(madeUp()).subarray(0, 96 + 8 * 1000))).toMatchObject({ problem: expect.stringMatching(/^corrupt: .* bytes/) });
    expect(decodeTable(withByte(0, (b) => b + 1))).toEqual({ problem: 'corrupt: not a parlor Yahtzee table' });
    expect(decodeTable(withByte(16, (b) => b + 1))).toMatchObject({ problem: expect.stringMatching(/^stale: format 2/) });
    expect(decodeTable(withByte(24, (b) => b ^ 0xff))).toEqual({ problem: 'stale: built for other rules' });
    expect(decodeTable(Buffer.alloc(10))).toEqual({ problem: 'corrupt: not a parlor Yahtzee table' });
    expect(readTableCache(join(dir, 'nothing-here.bin'))).toEqual({ problem: 'missing' });
  });

  it('is rebuilt when corrupt, and the rebuilt file is sound', () => {
    const path = join(dir, 'corrupt.bin');
    writeFileSync(path, withByte(96 + 8 * 5000, (b) => b ^ 0x40));
    const rebuilt = loadTableSync(path);
    expect(rebuilt.source).toBe('built');
    expect(rebuilt.cacheProblem).toBe('corrupt: checksum mismatch');
    expect(rebuilt.table.expectedScore).toBeCloseTo(245.8707745141, 9);
    const again = loadTableSync(path);
    expect(again.source).toBe('cache');
    expect(sameValues(again.table.values, rebuilt.table.values)).toBe(true);
    expect(readFileSync(path).length).toBe(96 + 8 * STATE_COUNT);
  });
});
