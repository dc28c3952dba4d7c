import { describe } from 'vitest';
import { checkRows, useRolesContext } from './console-roles-context';
import { sellingRows } from './console-roles-rows-selling';
import { BACKENDS } from './databases';

/** Issue 18: each console endpoint of payment settings and prices × every kind of caller (see console-roles.test.ts). */
describe.each(BACKENDS)('console roles: payment settings and prices on %s', (backend) => {
  const c = useRolesContext(backend);
  checkRows(c, sellingRows(c));
});
