import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser, resetApp } from '../../test/setup';
import { useAppStore } from './app-store';

beforeEach(() => resetApp());

/** Albums spec: the impersonator memory holds the original token and its type. */
describe('impersonator memory', () => {
  it('remembers the original session, switches to the new token (not remembered), and keeps it across reloads', () => {
    const store = useAppStore.getState();
    store.setAuth('staff-key', 'Bearer');
    store.setUser(makeUser({ email: 'staff@example.com' }));
    store.startImpersonation('user-key', 'Token');
    const s = useAppStore.getState();
    expect([s.token, s.tokenType, s.user]).toEqual(['user-key', 'Token', null]);
    expect(s.impersonator).toEqual({ token: 'staff-key', tokenType: 'Bearer' });
    expect(JSON.parse(localStorage.getItem('impersonator') ?? 'null')).toEqual({
      token: 'staff-key',
      tokenType: 'Bearer',
    });
    useAppStore.persist.rehydrate();
    expect(useAppStore.getState().impersonator).toEqual({ token: 'staff-key', tokenType: 'Bearer' });
    expect(useAppStore.getState().token).toBe('user-key');
  });

  it('a second switch keeps the original session, not the impersonated one', () => {
    const store = useAppStore.getState();
    store.setAuth('staff-key');
    store.startImpersonation('user-1', 'Token');
    useAppStore.getState().startImpersonation('user-2', 'Token');
    expect(useAppStore.getState().impersonator?.token).toBe('staff-key');
  });

  it('returning restores the original token and type and clears the memory', () => {
    const store = useAppStore.getState();
    store.setAuth('staff-key', 'Bearer');
    store.startImpersonation('user-key', 'Token');
    useAppStore.getState().setUser(makeUser());
    useAppStore.getState().endImpersonation();
    const s = useAppStore.getState();
    expect([s.token, s.tokenType, s.impersonator, s.user]).toEqual(['staff-key', 'Bearer', null, null]);
    expect(localStorage.getItem('impersonator')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe('staff-key');
  });

  it('ending the impersonated session (logout, an expired token) returns to the original one', () => {
    const store = useAppStore.getState();
    store.setAuth('staff-key');
    store.startImpersonation('user-key', 'Token');
    useAppStore.getState().logout();
    const s = useAppStore.getState();
    expect([s.token, s.impersonator]).toEqual(['staff-key', null]);
    // a second logout is an ordinary one
    useAppStore.getState().logout();
    expect(useAppStore.getState().token).toBeNull();
  });

  it('returning without a memory changes nothing; a broken stored memory is ignored', () => {
    useAppStore.getState().setAuth('own-key');
    useAppStore.getState().endImpersonation();
    expect(useAppStore.getState().token).toBe('own-key');
    localStorage.setItem('impersonator', '{"token":"","tokenType":"Basic"}');
    useAppStore.persist.rehydrate();
    expect(useAppStore.getState().impersonator).toBeNull();
  });
});
