import { isIP } from 'node:net';

/** Host names that only ever reach this machine: a page on one of them on our port is ours. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** A DNS label, as an organisation's app name is when it is a subdomain. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** An origin as a browser writes it (`scheme://host[:port]`, nothing more), or null. */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The origins the web app is served on, as configured: PUBLIC_URL, the PUBLIC_ORIGINS it is also
 * reached by, and — when PUBLIC_URL is a loopback name (the default `http://localhost:8080`) — the
 * other loopback names on the same scheme and port (`http://127.0.0.1:8080`, `http://[::1]:8080`):
 * only this machine reaches them, and on that port only this server answers. Nothing here comes
 * from a request.
 */
export function webOrigins(publicUrl: string, otherOrigins: readonly string[] = []): string[] {
  const origins = new Set<string>();
  const site = originOf(publicUrl);
  if (site) {
    origins.add(site);
    const url = new URL(site);
    if (LOOPBACK.includes(url.hostname)) {
      for (const host of LOOPBACK) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
  }
  for (const text of otherOrigins) {
    const origin = originOf(text);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/**
 * Whether a page of `origin` is one of the web app's: exactly one of `sites`, or an organisation's
 * subdomain of one (`<app_name>.<host>`: one DNS label, same scheme and port; not of an IP address).
 * The Origin header is compared as a whole, never trusted in part: `evil.example/x.localhost`,
 * `localhost.evil.example`, `a.b.localhost` and another port or scheme are refused.
 */
export function webOriginAllowed(sites: string | readonly string[], origin: string): boolean {
  const page = originOf(origin);
  if (page === null || page !== origin) return false;
  const pageUrl = new URL(page);
  for (const text of typeof sites === 'string' ? [sites] : sites) {
    const site = originOf(text);
    if (site === null) continue;
    if (page === site) return true;
    const siteUrl = new URL(site);
    if (pageUrl.protocol !== siteUrl.protocol || pageUrl.port !== siteUrl.port) continue;
    const host = siteUrl.hostname;
    if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) continue;
    if (!pageUrl.hostname.endsWith(`.${host}`)) continue;
    if (LABEL.test(pageUrl.hostname.slice(0, -host.length - 1))) return true;
  }
  return false;
}
