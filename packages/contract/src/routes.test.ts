import { describe, expect, it } from 'vitest';
import { apiGroups } from './registry';
import { countryRoutes, routes } from './routes';

describe('the zod-free route table', () => {
  it('holds exactly the method and path of each endpoint of its groups', () => {
    for (const [group, table] of Object.entries(routes)) {
      const endpoints = apiGroups[group as keyof typeof apiGroups] as Record<
        string,
        { method: string; path: string }
      >;
      expect(Object.keys(table).sort(), group).toEqual(Object.keys(endpoints).sort());
      for (const [name, route] of Object.entries(table)) {
        expect({ name, ...route }).toEqual({
          name,
          method: endpoints[name]?.method,
          path: endpoints[name]?.path,
        });
      }
    }
  });

  it('holds the countries call exactly as the check-in group declares it', () => {
    const { method, path } = apiGroups.checkins.countries;
    expect(countryRoutes.countries).toEqual({ method, path });
  });
});
