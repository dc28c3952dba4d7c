import { expect } from 'vitest';
import type { Backend } from './databases';
import { call } from './harness';
import { startTeamHarness } from './team-fixture';

export const EVENTS_URL = '/api/organiser/v1/events/';
export const eventUrl = (slug: string) => `${EVENTS_URL}${slug}/`;
export const galleriesUrl = (slug: string, id?: number) =>
  `${EVENTS_URL}${slug}/galleries/${id === undefined ? '' : `${id}/`}`;

/** The body of a new event with the required settings; `extra` adds or overrides. */
export const newEvent = (organisationId: number, extra: Record<string, unknown> = {}) => ({
  organisation_id: organisationId,
  name: 'Lake Run 2027',
  kind: 'event',
  start_date: '2027-05-01',
  end_date: '2027-05-02',
  currency: 'EUR',
  checkin_mode: 'none',
  ...extra,
});

/**
 * The team harness with one organisation (lakeside) whose team has every role — two
 * photographers, one of them to be assigned to events —, another organisation's owner and a
 * participant.
 */
export async function startEventsHarness(backend: Backend) {
  const t = await startTeamHarness(backend);
  const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
  const manager = await t.addMember(org.id, org.owner, 'manager@lakeside.test', 'manager');
  const assigned = await t.addMember(org.id, org.owner, 'photo@lakeside.test', 'photographer');
  const unassigned = await t.addMember(org.id, org.owner, 'photo2@lakeside.test', 'photographer');
  const support = await t.addMember(org.id, org.owner, 'support@lakeside.test', 'support');
  const other = await t.createOrganisation('hillside', 'owner@hillside.test');
  const participantToken = await t.participant('runner@lakeside.test');

  /** Creates an event as `token` (the owner by default) and answers it; fails the test unless 201. */
  const createEvent = async (extra: Record<string, unknown> = {}, token = org.owner) => {
    const created = await call(t.h.app, 'POST', EVENTS_URL, newEvent(org.id, extra), { token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as Record<string, unknown> & { id: number; slug: string };
  };
  const eventCount = async () =>
    Number(
      (
        (
          await t.h.database.executeSql(
            'select count(*)::int as n from photo_services where organisation_id = $1',
            [org.id],
          )
        ).rows[0] as { n: number }
      ).n,
    );

  return {
    ...t,
    org,
    members: { manager, assigned, unassigned, support },
    otherOwner: other.owner,
    otherOrgId: other.id,
    participantToken,
    createEvent,
    eventCount,
  };
}
export type EventsHarness = Awaited<ReturnType<typeof startEventsHarness>>;
