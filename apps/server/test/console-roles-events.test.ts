import { describe } from 'vitest';
import { checkRows, useRolesContext } from './console-roles-context';
import { eventsRows } from './console-roles-rows-events';
import { BACKENDS } from './databases';

/** Issue 18: each console endpoint of events, galleries, bibs, codes, insight × every kind of caller (see console-roles.test.ts). */
describe.each(BACKENDS)('console roles: events, galleries, bibs, codes, insight on %s', (backend) => {
  const c = useRolesContext(backend);
  checkRows(c, eventsRows(c));
});
