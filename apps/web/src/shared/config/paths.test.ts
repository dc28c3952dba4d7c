import { describe, expect, it } from 'vitest';
import { paths, safeNext } from './paths';

describe('paths', () => {
  it('builds links with their parameters', () => {
    expect(paths.login.getHref('/checkins?x=1')).toBe('/login?next=%2Fcheckins%3Fx%3D1');
    expect(paths.login.getHref()).toBe('/login');
    expect(paths.resetPassword.getHref('t0k')).toBe('/reset-password?token=t0k');
    expect(paths.checkin.getHref('AB 12')).toBe('/checkins/AB%2012');
    expect(paths.galleryTree.getHref('ABC123')).toBe('/checkins/ABC123/gallery_tree');
    expect(paths.galleryTree.getHref('ABC123', 5)).toBe('/checkins/ABC123/gallery_tree/5');
    expect(paths.eventHome.getHref('0a1b2c3d')).toBe('/e/0a1b2c3d');
    expect(paths.checkoutMercadoPago.getHref('pending')).toBe('/checkout/mercado-pago/pending');
    expect(paths.home.getHref({ voucher: 'V1' })).toBe('/?voucher=V1');
    expect(paths.print.getHref()).toBe('/print');
    expect(paths.printProduct.getHref(3)).toBe('/print/3');
    expect(paths.print.getHref({ checkin_id: 41 })).toBe('/print?checkin_id=41');
    expect(paths.printProduct.getHref(3, { checkin_id: 41 })).toBe('/print/3?checkin_id=41');
    expect(paths.printAdded.getHref(12)).toBe('/print/added?item=12');
    expect(paths.printAdded.getHref()).toBe('/print/added');
  });

  it('follows `next` only to paths of this site', () => {
    expect(safeNext('/profile/resume', '/checkins')).toBe('/profile/resume');
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeNext(bad, '/checkins')).toBe('/checkins');
    }
  });

  it('keeps the access rules and navigation flags of entry spec §2', () => {
    const access = Object.fromEntries(Object.entries(paths).map(([name, def]) => [name, def.access]));
    expect(access).toMatchObject({
      home: 'all',
      autologin: 'all',
      sso: 'all',
      login: 'logged-out',
      signup: 'logged-out',
      resetPassword: 'logged-out',
      preview: 'all',
      events: 'all',
      eventHome: 'all',
      live: 'all',
      help: 'all',
      terms: 'login',
      termsOfService: 'all',
      privacyPolicy: 'all',
      completeCheckin: 'login',
      checkins: 'login',
      checkin: 'login',
      galleryTree: 'login',
      checkinError: 'login',
      profileResume: 'login',
      profilePrivacy: 'login',
      profileChangePassword: 'login',
      checkout: 'login',
      checkoutSuccess: 'login',
      checkoutComplete: 'login',
      checkoutMercadoPago: 'login',
      print: 'login',
      printProduct: 'login',
      printAdded: 'login',
      impersonate: 'login',
      notFound: 'all',
    });
    expect(paths.checkin).toMatchObject({ backButton: true, checkinMenu: true });
    for (const def of [paths.checkout, paths.checkoutSuccess, paths.checkoutComplete]) {
      expect(def).toMatchObject({ backButton: true, hideCartIcon: true });
    }
    expect(paths.checkoutMercadoPago.hideCartIcon).toBe(true);
  });
});
