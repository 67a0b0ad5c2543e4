import { describe, expect, test } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/protocol/messages.js';
import { readPage } from './markdown.js';

/**
 * Every place docs/protocol.md states the protocol's version: its title, the `protocol` field of
 * `hello`, the versioning section and the messages of the example sessions.
 */
function statedVersions(page: string): { where: string; version: number }[] {
  const patterns: [string, RegExp][] = [
    ['the title', /^# The parlor bot protocol \(version (\d+)\)$/gm],
    ["hello's protocol field", /^\| `hello` \| `protocol` \((\d+)\)/gm],
    ['the versioning section', /`hello\.protocol` is the version \((\d+)\)/g],
    ['an example message', /"protocol":(\d+)/g],
  ];
  return patterns.flatMap(([where, pattern]) => [...page.matchAll(pattern)].map((m) => ({ where, version: Number(m[1]) })));
}

describe("docs/protocol.md's version", () => {
  test('is the version the messages carry, wherever the page states it', () => {
    const stated = statedVersions(readPage('docs/protocol.md'));
    expect(new Set(stated.map((s) => s.where)).size).toBe(4);
    expect(stated.filter((s) => s.version !== PROTOCOL_VERSION)).toEqual([]);
  });

  test('a page that states another version somewhere is caught', () => {
    const page = readPage('docs/protocol.md').replace(`(version ${PROTOCOL_VERSION})`, `(version ${PROTOCOL_VERSION - 1})`);
    expect(statedVersions(page).filter((s) => s.version !== PROTOCOL_VERSION)).toEqual([{ where: 'the title', version: PROTOCOL_VERSION - 1 }]);
  });
});
