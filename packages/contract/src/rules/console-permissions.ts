import type { OrganisationRole } from '../api/organisations';

/**
 * What a console call does, for the role check (issue 18). The server checks every console call
 * against this table; the web reads the same table to show only what the role may do.
 */
export const CONSOLE_ACTIONS = [
  /** Invite, change and remove members. */
  'team.manage',
  /** Edit the organisation's branding (its AppConfig). */
  'branding.manage',
  /** Price lists, packages, vouchers (issue 19). */
  'selling.manage',
  /** See an event's settings and galleries. */
  'events.read',
  /** Create and change events and galleries. */
  'events.manage',
  /** Upload photos and videos. */
  'media.upload',
  /** See an event's media and its processing and face indexing. */
  'media.read',
  /** Move, tag, hide, delete media; re-run processing. */
  'media.manage',
  /** See, export and print album codes. */
  'codes.read',
  /** Generate, import and revoke album codes. */
  'codes.manage',
  /** See orders, check-ins and support requests; resend their e-mails. */
  'orders.read',
  /** Refund orders, mark bank transfers paid, release or cancel held print orders (issue 19). */
  'orders.manage',
  /** See an event's usage figures. */
  'metrics.read',
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

const all = new Set<ConsoleAction>(CONSOLE_ACTIONS);

// decision (issue 18): managers run events (settings, galleries, media, codes, orders) but not the
// team, the branding or the selling; photographers only upload to and look at the events they are
// assigned to; support reads what a participant asks about (codes included: "my code does not
// work" is their commonest question) and changes nothing.
// decision (issue 19): support may resend an order's e-mails (orders.read) but not move money:
// refunds, marking a transfer paid and releasing held prints are orders.manage (owners, managers).
const ROLE_ACTIONS: Record<OrganisationRole, ReadonlySet<ConsoleAction>> = {
  owner: all,
  manager: new Set(
    CONSOLE_ACTIONS.filter((a) => !['team.manage', 'branding.manage', 'selling.manage'].includes(a)),
  ),
  photographer: new Set<ConsoleAction>(['events.read', 'media.upload', 'media.read']),
  support: new Set<ConsoleAction>(['events.read', 'codes.read', 'orders.read']),
};

/** Whether a role may do an action (an event-bound photographer also needs the event's assignment). */
export function roleMay(role: OrganisationRole, action: ConsoleAction): boolean {
  return ROLE_ACTIONS[role].has(action);
}

/** Roles that see only the events they are assigned to. */
export function roleIsEventBound(role: OrganisationRole): boolean {
  return role === 'photographer';
}
