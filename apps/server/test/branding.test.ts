import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call } from './harness';
import {
  brandingUrl,
  brandingImageUrl as imageUrl,
  startTeamHarness,
  type TeamHarness,
  uploadBrandingImage,
} from './team-fixture';

const upload = uploadBrandingImage;

/** Issue 18: the owner edits the site's branding; the participant side serves it at once. */
describe.each(BACKENDS)('branding on %s', (backend) => {
  let t: TeamHarness;
  let org: { id: number; owner: string };
  let manager: string;
  let photographer: string;
  let support: string;
  let participant: string;
  let outsider: string;

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    org = await t.createOrganisation('brandtest', 'owner@brand.test');
    manager = (await t.addMember(org.id, org.owner, 'manager@brand.test', 'manager')).token;
    photographer = (await t.addMember(org.id, org.owner, 'photo@brand.test', 'photographer')).token;
    support = (await t.addMember(org.id, org.owner, 'support@brand.test', 'support')).token;
    participant = await t.participant('runner@brand.test');
    outsider = (await t.createOrganisation('otherbrand', 'owner@other.test')).owner;
  });
  afterAll(() => t?.h.close());

  const appConfig = async () => (await call(t.h.app, 'GET', '/api/api/v1/app-config/brandtest/')).body;

  it('lets only the owner and staff read and change it', async () => {
    const callers: [string, string | undefined, number][] = [
      ['owner', org.owner, 200],
      ['staff', t.staff, 200],
      ['manager', manager, 403],
      ['photographer', photographer, 403],
      ['support', support, 403],
      ['another organisation', outsider, 404],
      ['participant', participant, 404],
      ['anonymous', undefined, 401],
    ];
    for (const [who, token, status] of callers) {
      const read = await call(t.h.app, 'GET', brandingUrl(org.id), undefined, { token });
      expect(read.status, `GET as ${who}`).toBe(status);
      const patch = await call(
        t.h.app,
        'PATCH',
        brandingUrl(org.id),
        { login_subtitle: `By ${who}` },
        { token },
      );
      expect(patch.status, `PATCH as ${who}`).toBe(status);
      const remove = await call(t.h.app, 'DELETE', imageUrl(org.id, 'favicon'), undefined, { token });
      expect(remove.status, `DELETE image as ${who}`).toBe(status);
    }
    // only the owner's and the staff's changes reached the site
    expect((await appConfig()).login_subtitle).toBe('By staff');
  });

  it('serves what the owner saves in the site configuration at once', async () => {
    const theme = {
      primary: '#0a5c36',
      primary_contrast: '#ffffff',
      accent: '#f2a900',
      background: '#f6f7f5',
      surface: '#ffffff',
      text: '#1b1f1d',
    };
    const saved = await call(
      t.h.app,
      'PATCH',
      brandingUrl(org.id),
      {
        name: 'Brand Test Runs',
        theme,
        login_subtitle: 'Your race photos',
        footer_categories: [
          { title: 'Club', links: [{ label: 'About us', url: 'https://brand.test/about' }] },
        ],
        show_calendar: true,
        time_zone: 'Europe/Vienna',
        support_email: 'help@brand.test',
      },
      { token: org.owner },
    );
    expect(saved.status).toBe(200);
    expect(await appConfig()).toMatchObject({
      name: 'Brand Test Runs',
      theme,
      login_subtitle: 'Your race photos',
      footer_categories: [{ title: 'Club', links: [{ label: 'About us', url: 'https://brand.test/about' }] }],
      show_calendar: true,
    });
    expect(saved.body).toMatchObject({ time_zone: 'Europe/Vienna', support_email: 'help@brand.test' });
  });

  it('refuses bad values field by field and stores nothing of the request', async () => {
    const before = await appConfig();
    for (const [body, field] of [
      [
        {
          login_subtitle: 'ok',
          footer_categories: [{ title: 'x', links: [{ label: 'x', url: 'javascript:alert(1)' }] }],
        },
        'footer_categories',
      ],
      [{ theme: { primary: 'red' } }, 'theme'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ min_required_age_policy_url: '//evil.example/x' }, 'min_required_age_policy_url'],
      [
        {
          privacy_checkboxes: [
            { id: 'a', label: 'A', required: true, url: null },
            { id: 'a', label: 'B', required: false, url: null },
          ],
        },
        'privacy_checkboxes',
      ],
      [{ sample_code: 'NOTOURCODE1' }, 'sample_code'],
      [{ app_name: 'takeover' }, undefined],
    ] as const) {
      const answer = await call(t.h.app, 'PATCH', brandingUrl(org.id), body, { token: org.owner });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys((answer.body.data as { fields: object }).fields).join()).toContain(field);
    }
    expect(await appConfig()).toEqual(before);
  });

  it('takes a logo, strips its metadata, serves it as PNG from our origin, and removes it', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#0a5c36' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Person', Copyright: 'GPS here' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect((await upload(t, imageUrl(org.id, 'logo'), manager, jpeg)).status).toBe(403);

    const uploaded = await upload(t, imageUrl(org.id, 'logo'), org.owner, jpeg);
    expect(uploaded.status).toBe(200);
    const logo = (await appConfig()).logo as string;
    expect(logo).toMatch(/^\/api\/branding-files\/\d+\/logo-[0-9a-f]{16}\.png$/);
    expect(uploaded.body.logo).toBe(logo);
    const served = await t.h.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 800, height: 200 });
    expect(meta.exif).toBeUndefined();

    const icon = await upload(t, imageUrl(org.id, 'favicon'), org.owner, jpeg);
    expect((icon.body.icons as { favicon: string }).favicon).toMatch(/favicon-[0-9a-f]{16}\.png$/);
    const iconFile = await t.h.app.inject({
      method: 'GET',
      url: (icon.body.icons as { favicon: string }).favicon,
    });
    expect(await sharp(iconFile.rawPayload).metadata()).toMatchObject({ width: 64, height: 64 });

    const removed = await call(t.h.app, 'DELETE', imageUrl(org.id, 'logo'), undefined, { token: org.owner });
    expect(removed.status).toBe(200);
    expect((await appConfig()).logo).toBeNull();
    expect((await t.h.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
  });

  it('refuses what is not an image, and paths that are not ours', async () => {
    const text = await upload(
      t,
      imageUrl(org.id, 'logo'),
      org.owner,
      Buffer.from('<svg onload="alert(1)"/>'),
      'x.svg',
    );
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'media_rejected', data: { reason: 'unsupported_type' } });
    expect(
      (await call(t.h.app, 'POST', imageUrl(org.id, 'banner'), undefined, { token: org.owner })).status,
    ).toBe(400);
    for (const path of [
      '/api/branding-files/1/../../secret.png',
      '/api/branding-files/x/logo-0123456789abcdef.png',
      '/api/branding-files/1/logo.svg',
    ]) {
      expect((await t.h.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    }
  });
});
