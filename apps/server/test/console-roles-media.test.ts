import { describe } from 'vitest';
import { checkRows, useRolesContext } from './console-roles-context';
import { mediaRows } from './console-roles-rows-media';
import { BACKENDS } from './databases';

/** Issue 18: each console endpoint of media and uploads × every kind of caller (see console-roles.test.ts). */
describe.each(BACKENDS)('console roles: media and uploads on %s', (backend) => {
  const c = useRolesContext(backend);
  checkRows(c, mediaRows(c));
});
