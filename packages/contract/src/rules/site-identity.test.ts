import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SELF_SITE_SUBDOMAINS } from '../constants';
import { rewriteShortHost, siteIdentity } from './site-identity';

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const domain = fc.tuple(label, fc.constantFrom('com', 'it', 'app')).map(([a, b]) => `${a}.${b}`);
const orgLabel = label.filter((l) => !(SELF_SITE_SUBDOMAINS as readonly string[]).includes(l));
const port = fc.option(
  fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`),
  { nil: undefined },
);

describe('siteIdentity', () => {
  it('treats the bare registrable domain and the www variants as the own site', () => {
    fc.assert(
      fc.property(
        domain,
        fc.constantFrom('', ...SELF_SITE_SUBDOMAINS.map((s) => `${s}.`)),
        port,
        (d, sub, p) => {
          expect(siteIdentity(`${sub}${d}${p ?? ''}`)).toEqual({ kind: 'own' });
        },
      ),
    );
  });

  it('names an organisation by the label directly left of the registrable domain', () => {
    fc.assert(
      fc.property(fc.array(label, { maxLength: 2 }), orgLabel, domain, port, (extra, app, d, p) => {
        const host = [...extra, app, d].join('.') + (p ?? '');
        expect(siteIdentity(host)).toEqual({ kind: 'organisation', appName: app });
      }),
    );
  });

  it('is case-insensitive and lower-cases the app name', () => {
    fc.assert(
      fc.property(orgLabel, domain, (app, d) => {
        expect(siteIdentity(`${app}.${d}`.toUpperCase())).toEqual({ kind: 'organisation', appName: app });
      }),
    );
  });

  it('uses localhost as the registrable domain of hosts ending in localhost', () => {
    expect(siteIdentity('localhost:5173')).toEqual({ kind: 'own' });
    expect(siteIdentity('www-local.localhost')).toEqual({ kind: 'own' });
    expect(siteIdentity('acme.localhost:5173')).toEqual({ kind: 'organisation', appName: 'acme' });
    expect(siteIdentity('a.acme.localhost')).toEqual({ kind: 'organisation', appName: 'acme' });
  });

  it('treats IP addresses as the own site', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), port, (ip, p) => {
        expect(siteIdentity(ip.join('.') + (p ?? ''))).toEqual({ kind: 'own' });
      }),
    );
    expect(siteIdentity('[::1]:3000')).toEqual({ kind: 'own' });
  });

  it('decides on the whole third-level part, not only its last label', () => {
    expect(siteIdentity('www.acme.fotodrop.com')).toEqual({ kind: 'organisation', appName: 'acme' });
    expect(siteIdentity('acme.www.fotodrop.com')).toEqual({ kind: 'organisation', appName: 'www' });
  });
});

describe('rewriteShortHost', () => {
  it('rewrites fd. hosts to www. and keeps the rest', () => {
    fc.assert(
      fc.property(domain, port, (d, p) => {
        const rest = d + (p ?? '');
        expect(rewriteShortHost(`fd.${rest}`)).toBe(`www.${rest}`);
      }),
    );
  });

  it('leaves every other host alone', () => {
    fc.assert(
      fc.property(
        label.filter((l) => l !== 'fd'),
        domain,
        (sub, d) => {
          expect(rewriteShortHost(`${sub}.${d}`)).toBeNull();
        },
      ),
    );
    expect(rewriteShortHost('fdx.fotodrop.com')).toBeNull();
  });
});
