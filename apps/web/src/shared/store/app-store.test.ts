import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, resetApp } from '../../test/setup';
import { useAppStore } from './app-store';

beforeEach(() => resetApp());

describe('persisted state', () => {
  it('keeps each item under its own storage key', () => {
    const store = useAppStore.getState();
    store.setAuth('k1', 'Bearer');
    store.setUser(makeUser());
    store.setEventOwnerId(512);
    store.setLanguage('sl');
    store.setVoucher('SPRING25');
    store.setCampaign({ campaign_code: 'C1', campaign_expires_at: '2030-01-01T00:00:00Z' });
    store.setPicacodeRecovery('ABC1234');
    store.markPopupViewed('welcome', 9);
    expect(localStorage.getItem('auth_token')).toBe('k1');
    expect(localStorage.getItem('auth_token_type')).toBe('Bearer');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null').email).toBe('ada@example.com');
    expect(localStorage.getItem('event_owner_id')).toBe('512');
    expect(localStorage.getItem('user_language')).toBe('sl');
    expect(localStorage.getItem('voucher')).toBe('SPRING25');
    expect(JSON.parse(localStorage.getItem('campaign') ?? 'null')).toMatchObject({ campaign_code: 'C1' });
    expect(JSON.parse(localStorage.getItem('popups_viewed') ?? 'null')).toEqual({ welcome: [9], fixed: [] });
    expect(sessionStorage.getItem('recovery_picacode')).toBe('ABC1234');
    expect(localStorage.getItem('recovery_picacode')).toBeNull();
  });

  it('reads the items back on start-up, ignoring invalid values', () => {
    localStorage.setItem('auth_token', 'stored');
    localStorage.setItem('auth_token_type', 'Basic');
    localStorage.setItem('user_language', 'xx');
    localStorage.setItem('event_owner_id', '41');
    useAppStore.persist.rehydrate();
    const state = useAppStore.getState();
    expect(state.token).toBe('stored');
    expect(state.tokenType).toBe('Token');
    expect(state.language).toBeNull();
    expect(state.eventOwnerId).toBe(41);
  });

  it('logout clears token, user, event owner, modal flags and recovery, but keeps the language', () => {
    const store = useAppStore.getState();
    store.setAuth('k1');
    store.setUser(makeUser());
    store.setEventOwnerId(5);
    store.setLanguage('it');
    store.setModal('sessionExpired', true);
    store.setPicacodeRecovery('ABC1234');
    store.setVoucher('V1');
    store.logout();
    const after = useAppStore.getState();
    expect([after.token, after.user, after.eventOwnerId, after.picacodeRecovery]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(after.modals).toEqual({});
    expect(after.language).toBe('it');
    expect(after.voucher).toBe('V1');
    for (const key of ['auth_token', 'auth_token_type', 'user', 'event_owner_id']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('user_language')).toBe('it');
  });
});
