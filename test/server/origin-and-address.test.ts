import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/server/address-key.js';
import { isLoopbackName, originOf, refusedOrigin } from '../../src/server/origin-check.js';

describe('the address a connection is counted under (--max-per-ip)', () => {
  it('is the IPv4 address, also IPv4-mapped, and an IPv6 address’s /64 however it is written', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:aa:1::5')).toBe('2001:db8:aa:1::/64');
    expect(addressKey('2001:0DB8:00aa:0001:ffff:1:2:3')).toBe('2001:db8:aa:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe('which pages may open the WebSocket', () => {
  const open = { allowed: new Set<string>(), loopbackOnly: false };
  const loopback = { allowed: new Set<string>(), loopbackOnly: true };

  it('normalises origins as browsers send them, and knows loopback names', () => {
    expect(originOf('HTTPS://Example.COM:443/')).toBe('https://example.com');
    expect(originOf('http://example.com:8080')).toBe('http://example.com:8080');
    expect(originOf('example.com')).toBeNull();
    expect(originOf('file:///tmp/page.html')).toBeNull();
    for (const name of ['localhost', 'game.localhost', '127.0.0.1', '127.9.9.9', '[::1]']) expect(isLoopbackName(name), name).toBe(true);
    for (const name of ['example.com', '10.0.0.1', 'localhost.example.com', '[::2]']) expect(isLoopbackName(name), name).toBe(false);
  });

  it('lets in programs without an Origin, same-origin pages and allowed origins; refuses the rest in one line', () => {
    expect(refusedOrigin(undefined, 'game.example:8080', open)).toBeNull();
    expect(refusedOrigin('http://game.example:8080', 'game.example:8080', open)).toBeNull();
    expect(refusedOrigin('https://game.example', 'GAME.example', open, 'https')).toBeNull();
    expect(refusedOrigin('http://game.example:8081', 'game.example:8080', open)).toMatch(/^the page's origin http:\/\/game\.example:8081 is not this server's \(game\.example:8080\)/);
    expect(refusedOrigin('https://evil.example', undefined, open)).toContain('(no Host header)');
    expect(refusedOrigin('https://friend.example', 'game.example', { allowed: new Set(['https://friend.example']), loopbackOnly: false })).toBeNull();
    // On loopback, a same-origin page must name a loopback host: a rebound domain is refused.
    expect(refusedOrigin('http://game.example:8080', 'game.example:8080', loopback)).toContain('is not a loopback name');
    expect(refusedOrigin('http://localhost:8080', 'localhost:8080', loopback)).toBeNull();
    expect(refusedOrigin('http://[::1]:8080', '[::1]:8080', loopback)).toBeNull();
  });
});
