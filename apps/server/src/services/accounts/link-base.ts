import type { Queryable } from '../../db/client';
import { organisationsRepository } from '../../repositories/organisations.repository';

/** A DNS label, as app names used as subdomains must be. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The subdomain label when the whole Host header is exactly `<label>.<public host>` with an optional
 * port; null for anything else (another site, a path, `?`, `#`, `\`, user info, a suffix match).
 */
export function brandedLabel(host: string | undefined, publicHost: string): string | null {
  const match = /^([^.]+)\.(.+?)(?::\d{1,5})?$/.exec((host ?? '').toLowerCase());
  if (!match || match[2] !== publicHost.toLowerCase()) return null;
  const label = match[1] ?? '';
  return LABEL.test(label) ? label : null;
}

/**
 * Origins for links in e-mails (reset today; checkout and support mails later). Built only from
 * PUBLIC_URL and the organisations that exist: a branded organisation's links go to
 * `<app_name>.<public host>` with PUBLIC_URL's scheme and port, everything else to PUBLIC_URL.
 * The Host header only ever selects an organisation by exact match, never supplies text.
 */
export function linkBaseResolver(db: Queryable, publicUrl: string) {
  const base = new URL(publicUrl);
  const orgs = organisationsRepository(db);
  const ownSite = base.origin;
  /**
   * The branded organisation a request is for: the one it names (X-Event-Owner, already checked to
   * exist) or, without one, the one whose `<app_name>.<public host>` is exactly its Host header.
   */
  async function brandedSite(request: { host: string | undefined; eventOwnerId: number | null }) {
    const label = request.eventOwnerId === null ? brandedLabel(request.host, base.hostname) : null;
    const org =
      request.eventOwnerId !== null
        ? await orgs.findById(request.eventOwnerId)
        : label !== null
          ? await orgs.findByAppName(label)
          : undefined;
    return !org || org.isOwnSite || !LABEL.test(org.appName) ? null : org;
  }
  return {
    async forRequest(request: { host: string | undefined; eventOwnerId: number | null }): Promise<string> {
      const org = await brandedSite(request);
      return org ? `${base.protocol}//${org.appName}.${base.host}` : ownSite;
    },
    /** The site's origin and, on a branded site, the organisation's name (what its pages are titled). */
    async site(request: { host: string | undefined; eventOwnerId: number | null }) {
      const org = await brandedSite(request);
      return {
        origin: org ? `${base.protocol}//${org.appName}.${base.host}` : ownSite,
        brandName: org?.name ?? null,
      };
    },
  };
}
export type LinkBaseResolver = ReturnType<typeof linkBaseResolver>;
