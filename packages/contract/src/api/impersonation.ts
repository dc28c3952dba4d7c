import { z } from 'zod';
import { IMPERSONATION_PAGE_SIZE } from '../constants';
import { endpoint } from '../endpoint';
import { pageQuerySchema, paginated } from '../pagination';
import { tokenResponseSchema } from './accounts';
import { dateTime, id } from './common';

const tag = 'Impersonation';

export const IMPERSONATION_ORDER_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'date_joined'] as const;

export const impersonationUserSchema = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_joined: dateTime,
  // decision: the admin list also shows when the user last signed in and whether they are active.
  last_login: dateTime.nullable(),
  is_active: z.boolean(),
});
export type ImpersonationUser = z.infer<typeof impersonationUserSchema>;

// decision: filter fields are a free-text search over e-mail and names plus exact e-mail;
// ordering is a column with a "-" prefix for descending (default -date_joined).
export const impersonationQuerySchema = pageQuerySchema(IMPERSONATION_PAGE_SIZE, 100).extend({
  search: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  ordering: z
    .enum([...IMPERSONATION_ORDER_COLUMNS, ...IMPERSONATION_ORDER_COLUMNS.map((c) => `-${c}` as const)])
    .default('-date_joined'),
});

export const impersonateBodySchema = z.object({ user: id });

export const impersonationEndpoints = {
  users: endpoint({
    method: 'GET',
    path: '/impersonate/user/',
    tag,
    access: 'user-with-policies',
    summary: 'Users an admin may impersonate (needs the users.impersonate permission)',
    query: impersonationQuerySchema,
    response: paginated(impersonationUserSchema),
  }),
  impersonate: endpoint({
    method: 'POST',
    path: '/impersonate/user/impersonate/',
    tag,
    access: 'user-with-policies',
    summary: "A token for the chosen user's session",
    body: impersonateBodySchema,
    response: tokenResponseSchema,
  }),
};
