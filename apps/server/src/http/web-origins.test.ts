import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { webOriginAllowed, webOrigins } from './web-origins';

describe('the origins the web app is served on', () => {
  it('adds the other loopback names to a loopback PUBLIC_URL only, on its scheme and port', () => {
    expect(webOrigins('http://localhost:8080').sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
    ]);
    expect(webOrigins('https://fotodrop.example/', ['http://10.0.0.5:8080'])).toEqual([
      'https://fotodrop.example',
      'http://10.0.0.5:8080',
    ]);
  });

  it('accepts exact origins and one-label subdomains of host names, nothing else', () => {
    const sites = webOrigins('http://localhost:8080', ['https://photos.example.org']);
    for (const origin of [
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://alpinerun.localhost:8080',
      'https://photos.example.org',
      'https://club-1.photos.example.org',
    ]) {
      expect(webOriginAllowed(sites, origin), origin).toBe(true);
    }
    for (const origin of [
      'null',
      '',
      'http://localhost:8080/',
      'http://localhost:8081',
      'https://localhost:8080',
      'http://a.b.localhost:8080',
      'http://x.127.0.0.1:8080',
      'http://localhost.evil.example:8080',
      'https://photos.example.org.evil.example',
      'https://evilphotos.example.org',
      'https://-bad.photos.example.org',
      'http://user@localhost:8080',
      'javascript:alert(1)',
    ]) {
      expect(webOriginAllowed(sites, origin), origin).toBe(false);
    }
  });

  it('reads PUBLIC_ORIGINS as a list of origins and refuses anything with a path or another scheme', () => {
    expect(
      loadConfig({ PUBLIC_ORIGINS: 'http://10.0.0.5:8080, https://photos.example.org/' }).PUBLIC_ORIGINS,
    ).toEqual(['http://10.0.0.5:8080', 'https://photos.example.org']);
    expect(loadConfig({}).PUBLIC_ORIGINS).toEqual([]);
    for (const bad of ['photos.example.org', 'https://photos.example.org/app', 'ftp://x.example', '*']) {
      expect(() => loadConfig({ PUBLIC_ORIGINS: bad }), bad).toThrow(/PUBLIC_ORIGINS/);
    }
  });
});
