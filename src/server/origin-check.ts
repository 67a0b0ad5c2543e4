/**
 * Which pages may open the game's WebSocket. Browsers send the page's origin on the upgrade and let
 * any page connect anywhere, so without this check a page of another site could join and play on
 * its visitor's behalf (from the visitor's address, past the per-address limit). Programs that
 * are not browsers send no `Origin`: they are let in, as they could forge one anyway.
 */
export interface OriginPolicy {
  /** Origins let in besides the server's own (`--allow-origin`), as `originOf` writes them. */
  readonly allowed: ReadonlySet<string>;
  /**
   * The server listens on loopback only: a same-origin page must then name a loopback host, so a
   * page whose own domain was pointed at 127.0.0.1 (DNS rebinding) is not taken for the server's.
   */
  readonly loopbackOnly: boolean;
}

/** The origin of an http(s) URL as browsers send it (`scheme://host[:port]`, lower case, no default port); null for anything else. */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
}

/** `localhost`, a name under `.localhost`, 127.0.0.0/8 or ::1 (a host name as URL parsing writes it). */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name) || name === '[::1]' || name === '::1';
}

/** The host name of a `Host` header value (without its port); null when it is not one. */
function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Why a WebSocket upgrade with these `Origin` and `Host` headers is refused; null when it may go
 * ahead. `scheme` is how the page reached the server: http, or https through a TLS proxy that says
 * so (`X-Forwarded-Proto`). The page's origin must be the server's exactly, scheme and host.
 */
export function refusedOrigin(origin: string | undefined, host: string | undefined, policy: OriginPolicy, scheme: 'http' | 'https' = 'http'): string | null {
  if (origin === undefined) return null;
  // A browser sends an origin as originOf writes it; one with a user name, a path or capitals is no browser's page.
  const page = originOf(origin) === origin ? origin : null;
  if (page !== null && policy.allowed.has(page)) return null;
  const allow = `start the server with --allow-origin ${originOf(origin) ?? origin} to let its pages connect`;
  if (page === null || host === undefined || page !== originOf(`${scheme}://${host}`)) {
    return `the page's origin ${origin} is not this server's (${host ?? 'no Host header'}): pages of other sites may not connect; ${allow}`;
  }
  const hostname = hostnameOf(host);
  if (policy.loopbackOnly && (hostname === null || !isLoopbackName(hostname))) {
    return `the page's host ${host} is not a loopback name, but this server listens on loopback only (a page of another site whose name points here?); ${allow}`;
  }
  return null;
}
