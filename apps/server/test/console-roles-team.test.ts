import { describe } from 'vitest';
import { checkRows, useRolesContext } from './console-roles-context';
import { teamRows } from './console-roles-rows-team';
import { BACKENDS } from './databases';

/** Issue 18: each console endpoint of organisations, teams, branding, support × every kind of caller (see console-roles.test.ts). */
describe.each(BACKENDS)('console roles: organisations, teams, branding, support on %s', (backend) => {
  const c = useRolesContext(backend);
  checkRows(c, teamRows(c));
});
