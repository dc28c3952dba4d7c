import { describe, expect, it } from 'vitest';
import { paths } from '../shared/config/paths';
import { createRoutes } from './router';

// The route table (shared/config/paths.ts) names each screen's access rule; the router applies it.
describe('route access', () => {
  it('puts every screen under the guard of its access rule', () => {
    const data = createRoutes()[0]?.children?.[0]?.children?.find((r) => r.id === 'data');
    const group = (id: string) =>
      data?.children?.find((r) => r.id === id)?.children?.map((r) => `/${r.path}`);
    expect(group('logged-out-only')).toEqual([paths.login.path, paths.signup.path, paths.resetPassword.path]);
    const protectedPaths = group('login-required') ?? [];
    expect(protectedPaths.length).toBeGreaterThan(0);
    for (const path of protectedPaths) {
      const def = Object.values(paths).find((d) => d.path === path);
      expect(def?.access).toBe('login');
    }
  });
});
