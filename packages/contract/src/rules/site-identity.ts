import { SELF_SITE_SUBDOMAINS, SHORT_HOST_PREFIX } from '../constants';

export type SiteIdentity = { kind: 'own' } | { kind: 'organisation'; appName: string };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Lower-cased host without port, brackets or trailing dot. */
function bareHost(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * Whose site a host is. The registrable domain is the last two labels (or `localhost` for hosts
 * ending in it); what is left is the third-level part. No third-level part, or one of
 * SELF_SITE_SUBDOMAINS, means the product's own site; otherwise it is an organisation's subdomain,
 * named by the label directly left of the registrable domain. IP addresses are the own site.
 */
export function siteIdentity(host: string): SiteIdentity {
  const h = bareHost(host);
  if (h === '' || IPV4.test(h) || h.includes(':')) return { kind: 'own' };
  const labels = h.split('.');
  const domainLabels = labels[labels.length - 1] === 'localhost' ? 1 : 2;
  const rest = labels.slice(0, Math.max(0, labels.length - domainLabels));
  const thirdLevel = rest.join('.');
  if (thirdLevel === '' || (SELF_SITE_SUBDOMAINS as readonly string[]).includes(thirdLevel)) {
    return { kind: 'own' };
  }
  const appName = rest[rest.length - 1];
  return appName ? { kind: 'organisation', appName } : { kind: 'own' };
}

/** A host starting with the short prefix ("fd.") is rewritten to the www host; null when not. */
export function rewriteShortHost(host: string): string | null {
  const prefix = `${SHORT_HOST_PREFIX}.`;
  if (!host.toLowerCase().startsWith(prefix)) return null;
  return `www.${host.slice(prefix.length)}`;
}
