import { allEndpoints } from '@fotodrop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { codesEvent, codesUrl } from './codes-fixture';
import { E, ORGS, TUS_KEYS, tus, useRolesContext } from './console-roles-context';
import { organisationState, type Request, send } from './console-roles-fixture';
import { eventsRows } from './console-roles-rows-events';
import { mediaRows } from './console-roles-rows-media';
import { ordersRows } from './console-roles-rows-orders';
import { sellingRows } from './console-roles-rows-selling';
import { teamRows } from './console-roles-rows-team';
import { BACKENDS } from './databases';
import { EVENTS_URL } from './events-fixture';
import { call } from './harness';
import { membersUrl } from './team-fixture';

/**
 * Issue 18: every console endpoint × every kind of caller, the statuses derived from the
 * contract's role table; a guard that no `/organiser/v1/` endpoint ships without a row; nothing of
 * one organisation visible to or changeable by another; refused calls change nothing. The rows
 * are checked by area in console-roles-<area>.test.ts; this file holds the guard and what is not
 * one endpoint.
 */
describe.each(BACKENDS)('console roles on %s', (backend) => {
  const c = useRolesContext(backend);
  const { ev, tusCreate } = c;
  const rows = [...teamRows(c), ...eventsRows(c), ...mediaRows(c), ...sellingRows(c), ...ordersRows(c)];

  it("names the organisation's photographers, and only them, to a manager, who assigns with them", async () => {
    const answer = await call(c.t.h.app, 'GET', `${ORGS}${c.orgId}/photographers/`, undefined, {
      token: c.t.members.manager.token,
    });
    const ids = (answer.body.results as { id: number }[]).map((p) => p.id).sort();
    expect(ids).toEqual([c.t.members.assigned.memberId, c.t.members.unassigned.memberId].sort());
    const saved = await call(
      c.t.h.app,
      'PATCH',
      ev(),
      { photographer_member_ids: ids },
      { token: c.t.members.manager.token },
    );
    expect(saved.status).toBe(200);
    expect([...(saved.body.photographer_member_ids as number[])].sort()).toEqual(ids);
    await call(
      c.t.h.app,
      'PATCH',
      ev(),
      { photographer_member_ids: [c.t.members.assigned.memberId] },
      { token: c.t.members.manager.token },
    );
  });

  it('has a row for every console endpoint of the contract, and for the four tus methods', async () => {
    const console = allEndpoints
      .filter((e) => e.path.startsWith('/organiser/v1/'))
      .map((e) => `${e.method} ${e.path}`);
    expect(console.length).toBeGreaterThan(30);
    const covered = new Set(rows.map((r) => `${r.method} ${r.path}`));
    expect([...console, ...TUS_KEYS].filter((k) => !covered.has(k))).toEqual([]);
    // and no row for an endpoint that is gone
    expect([...covered].filter((k) => !console.includes(k) && !TUS_KEYS.includes(k))).toEqual([]);
    // the state compared around refused calls sees every kind of thing they could change
    const kinds = new Set((await organisationState(c.t.h, c.orgId)).map((line) => line.split(' ')[0]));
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'event',
        'event_photographers',
        'galleries',
        'media',
        'member',
        'organisation',
        'picacodes',
        'price_lists',
        'price_sheets',
      ]),
    );
  });

  it('lists to each caller only the events they may see: a photographer their assigned ones', async () => {
    const slugs = async (token: string | undefined) =>
      (
        (await call(c.t.h.app, 'GET', EVENTS_URL, undefined, { token })).body.results as { slug: string }[]
      ).map((e) => e.slug);
    expect(await slugs(c.tokens.owner)).toContain(c.slug);
    expect(await slugs(c.tokens.support)).toContain(c.slug);
    expect(await slugs(c.tokens.photographerAssigned)).toEqual([c.slug]);
    expect(await slugs(c.tokens.photographerUnassigned)).toEqual([]);
    expect(await slugs(c.tokens.participant)).toEqual([]);
    const listed = (await call(c.t.h.app, 'GET', EVENTS_URL, undefined, { token: c.tokens.owner })).body
      .results as { slug: string; organisation_id: number }[];
    expect(listed.find((e) => e.slug === c.slug)).toMatchObject({ organisation_id: c.orgId });
  });

  describe("another organisation's member", () => {
    let other: { slug: string; galleryId: number; mediaId: number; code: string };
    const asOther = (request: Omit<Request, 'token'>) =>
      send(c.t.h.app, { ...request, token: c.tokens.otherOrganisation });

    beforeAll(async () => {
      const event = await codesEvent(c.t, c.t.otherOrgId, 'b0de0b22', 'Hill Climb 2026');
      const made = await call(
        c.t.h.app,
        'POST',
        codesUrl(event.slug),
        { count: 1 },
        { token: c.t.otherOwner },
      );
      other = {
        slug: event.slug,
        galleryId: event.galleries.start,
        mediaId: event.photos.start,
        code: (made.body.results as { code: string }[])[0]!.code,
      };
    });

    it("lists only their own organisation and events, and is told the other's do not exist", async () => {
      const mine = await asOther({ method: 'GET', url: ORGS });
      expect((mine.json().results as { id: number }[]).map((o) => o.id)).toEqual([c.t.otherOrgId]);
      const events = await asOther({ method: 'GET', url: E });
      const listed = events.json().results as { slug: string; organisation_id: number }[];
      expect(listed.map((e) => e.slug)).toContain(other.slug);
      expect(listed.filter((e) => e.organisation_id !== c.t.otherOrgId)).toEqual([]);
      expect((await asOther({ method: 'GET', url: `${E}?organisation_id=${c.orgId}` })).statusCode).toBe(404);
      // the owner of lakeside, for contrast, sees lakeside's and not hillside's
      const theirs = await send(c.t.h.app, { method: 'GET', url: E, token: c.tokens.owner });
      const lakeside = theirs.json().results as { slug: string }[];
      expect(lakeside.map((e) => e.slug)).toContain(c.slug);
      expect(lakeside.map((e) => e.slug)).not.toContain(other.slug);
    });

    it("reaches nothing of lakeside's through their own event or organisation (ids are not enough)", async () => {
      const [aMedia] = (
        await c.t.h.database.executeSql(
          'select id, sha256 from media where photo_service_id = $1 order by id',
          [c.eventId],
        )
      ).rows as { id: number; sha256: string }[];
      const aMember = c.t.members.manager.memberId;
      const upload = await tusCreate(c.tokens.owner);
      const before = await organisationState(c.t.h, c.orgId);
      const mine = `${E}${other.slug}/`;
      const answers = {
        patchMedium: await asOther({
          method: 'PATCH',
          url: `${mine}media/${aMedia!.id}/`,
          json: { hidden: true },
        }),
        deleteMedium: await asOther({ method: 'DELETE', url: `${mine}media/${aMedia!.id}/` }),
        renameGallery: await asOther({
          method: 'PATCH',
          url: `${mine}galleries/${c.galleryId}/`,
          json: { name: 'X' },
        }),
        deleteGallery: await asOther({ method: 'DELETE', url: `${mine}galleries/${c.galleryId}/` }),
        revokeCode: await asOther({ method: 'DELETE', url: codesUrl(other.slug, `${c.keptCode}/`) }),
        changeMember: await asOther({
          method: 'PATCH',
          url: membersUrl(c.t.otherOrgId, aMember),
          json: { role: 'owner' },
        }),
        removeMember: await asOther({ method: 'DELETE', url: membersUrl(c.t.otherOrgId, aMember) }),
        continueUpload: await asOther({ ...tus('HEAD'), url: upload.headers.location as string }),
        endUpload: await asOther({ ...tus('DELETE'), url: upload.headers.location as string }),
        moveIntoTheirGallery: await asOther({
          method: 'PATCH',
          url: `${mine}media/${other.mediaId}/`,
          json: { gallery_id: c.galleryId },
        }),
        codeForTheirGallery: await asOther({
          method: 'POST',
          url: codesUrl(other.slug),
          json: { count: 1, gallery_ids: [c.galleryId] },
        }),
        changeVoucher: await asOther({
          method: 'PATCH',
          url: `${ORGS}${c.t.otherOrgId}/vouchers/${c.keptVoucher}/`,
          json: { active: false },
        }),
        deleteVoucher: await asOther({
          method: 'DELETE',
          url: `${ORGS}${c.t.otherOrgId}/vouchers/${c.keptVoucher}/`,
        }),
        changeCampaign: await asOther({
          method: 'PATCH',
          url: `${ORGS}${c.t.otherOrgId}/campaigns/${c.keptCampaign}/`,
          json: { percent_off: 90 },
        }),
        deleteCampaign: await asOther({
          method: 'DELETE',
          url: `${ORGS}${c.t.otherOrgId}/campaigns/${c.keptCampaign}/`,
        }),
        voucherForTheirEvent: await asOther({
          method: 'POST',
          url: `${ORGS}${c.t.otherOrgId}/vouchers/`,
          json: { code: 'THEIRS-1', kind: 'percentage', value: 50, events: [c.slug] },
        }),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode]))).toEqual({
        patchMedium: 404,
        deleteMedium: 404,
        renameGallery: 404,
        deleteGallery: 404,
        revokeCode: 404,
        changeMember: 404,
        removeMember: 404,
        continueUpload: 404,
        endUpload: 404,
        moveIntoTheirGallery: 400,
        codeForTheirGallery: 400,
        changeVoucher: 404,
        deleteVoucher: 404,
        changeCampaign: 404,
        deleteCampaign: 404,
        voucherForTheirEvent: 400,
      });
      const bulk = await asOther({
        method: 'POST',
        url: `${mine}media/bulk/`,
        json: { ids: [aMedia!.id], action: 'delete' },
      });
      expect(bulk.json()).toEqual({ results: [{ id: aMedia!.id, outcome: 'not_found' }] });
      const check = await asOther({
        method: 'POST',
        url: `${mine}uploads/check/`,
        json: { files: [{ name: 'a.jpg', size: 1, sha256: aMedia!.sha256 }] },
      });
      // the same bytes are in hillside's event too (the fixture's photos): that one is answered, never lakeside's
      const held = (check.json().held as { media_id: number }[]).map((m) => m.media_id);
      expect(held).not.toContain(aMedia!.id);
      const { rows: owners } = await c.t.h.database.executeSql(
        'select distinct p.organisation_id as id from media m join photo_services p on p.id = m.photo_service_id where m.id = any($1::int[])',
        [held],
      );
      expect(owners.map((r) => (r as { id: number }).id)).toEqual(held.length ? [c.t.otherOrgId] : []);
      expect(await organisationState(c.t.h, c.orgId)).toEqual(before);
      // the upload is still lakeside's to continue
      expect(
        (
          await send(c.t.h.app, {
            ...tus('HEAD'),
            url: upload.headers.location as string,
            token: c.tokens.owner,
          })
        ).statusCode,
      ).toBe(200);
    });
  });
});
