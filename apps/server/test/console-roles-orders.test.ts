import { describe } from 'vitest';
import { checkRows, useRolesContext } from './console-roles-context';
import { ordersRows } from './console-roles-rows-orders';
import { BACKENDS } from './databases';

/** Issue 18: each console endpoint of vouchers, campaigns and orders × every kind of caller (see console-roles.test.ts). */
describe.each(BACKENDS)('console roles: vouchers, campaigns and orders on %s', (backend) => {
  const c = useRolesContext(backend);
  checkRows(c, ordersRows(c));
});
