import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { BRANDED_APP_NAME, OWN_SITE_ID, seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';

describe.each(BACKENDS)('organisation config on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
  });
  afterAll(() => h?.close());

  it('serves the branded organisation config with every AppConfig field', async () => {
    const { status, body } = await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      app_name: 'alpinerun',
      name: 'Alpine Run Club',
      logo: '/brand/alpinerun.svg',
      hide_cart: true,
      min_required_age: 16,
      login_subtitle: expect.stringContaining('Alpine Run'),
      theme: expect.objectContaining({ primary: '#0f766e' }),
      // its own demo album code, not the main site's
      sample_code: 'TRAIL4821',
    });
    expect(body.id).not.toBe(OWN_SITE_ID);
    for (const field of [
      'footer_company_info',
      'footer_categories',
      'privacy_checkboxes',
      'icons',
      'hide_app_store_links',
      'hide_powered_by_logo',
      'hide_marketing_consent_last_update_date',
      'marketing_consent_description',
      'show_calendar',
      'disable_social_login',
      'face_checkin_privacy_statement',
      'min_required_age_policy_url',
    ]) {
      expect(body).toHaveProperty(field);
    }
  });

  it('answers 404 for an unknown subdomain and 400 for a malformed one', async () => {
    expect((await call(h.app, 'GET', '/api/api/v1/app-config/nobody-here/')).status).toBe(404);
    const bad = await call(h.app, 'GET', '/api/api/v1/app-config/Not_Valid!/');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
  });

  it('records the organisation of the event-owner header on sign-up', async () => {
    const branded = (await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`)).body
      .id as number;
    const signup = await call(
      h.app,
      'POST',
      '/api/v2/users/create/',
      {
        email: 'club@example.com',
        password1: 'Club-runner-1',
        password2: 'Club-runner-1',
        first_name: 'Cleo',
        is_adult: true,
        accept_terms: true,
        privacy_consents: ['club-photo-rules'],
      },
      { headers: { 'x-event-owner': String(branded) } },
    );
    expect(signup.status).toBe(201);
    const { rows } = await h.database.executeSql('select organisation_id from users where email = $1', [
      'club@example.com',
    ]);
    expect(rows[0]).toEqual({ organisation_id: branded });
  });

  it('sets every AppConfig field of the branded demo apart from the main site', async () => {
    const { body } = await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`);
    const own = (await call(h.app, 'GET', '/api/api/v1/app-config/www/')).body;
    for (const field of Object.keys(own).filter((f) => f !== 'id' && f !== 'app_name')) {
      expect(body[field], field).not.toEqual(own[field]);
    }
    expect(body.icons).toEqual({
      favicon: '/brand/alpinerun-icon.svg',
      apple_touch_icon: '/brand/alpinerun-touch-icon.png',
    });
    expect(body.privacy_checkboxes).toContainEqual(expect.objectContaining({ required: true }));
  });

  it('refuses a sign-up without the site required privacy checkbox, and stores the ticked ones', async () => {
    const branded = (await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`)).body
      .id as number;
    const body = (email: string, privacy_consents?: string[]) => ({
      email,
      password1: 'Club-runner-1',
      password2: 'Club-runner-1',
      first_name: 'Rita',
      is_adult: true,
      accept_terms: true,
      ...(privacy_consents ? { privacy_consents } : {}),
    });
    const headers = { 'x-event-owner': String(branded) };
    const users = async (email: string) =>
      (await h.database.executeSql('select id from users where email = $1', [email])).rows;

    const without = await call(h.app, 'POST', '/api/v2/users/create/', body('rita@example.com'), {
      headers,
    });
    expect(without.status).toBe(400);
    expect((without.body.data as { fields: unknown }).fields).toEqual({
      privacy_consents: ['field.required'],
    });
    const optionalOnly = await call(
      h.app,
      'POST',
      '/api/v2/users/create/',
      body('rita@example.com', ['club-newsletter']),
      { headers },
    );
    expect(optionalOnly.status).toBe(400);
    const unknown = await call(
      h.app,
      'POST',
      '/api/v2/users/create/',
      body('rita@example.com', ['club-photo-rules', 'not-a-box']),
      { headers },
    );
    expect((unknown.body.data as { fields: unknown }).fields).toEqual({ privacy_consents: ['invalid'] });
    // the main site has no checkboxes of its own
    const elsewhere = await call(
      h.app,
      'POST',
      '/api/v2/users/create/',
      body('rita@example.com', ['club-photo-rules']),
    );
    expect(elsewhere.status).toBe(400);
    expect(await users('rita@example.com')).toEqual([]);

    const ok = await call(
      h.app,
      'POST',
      '/api/v2/users/create/',
      body('rita@example.com', ['club-photo-rules', 'club-newsletter']),
      { headers },
    );
    expect(ok.status).toBe(201);
    const [user] = await users('rita@example.com');
    const { rows } = await h.database.executeSql(
      'select checkbox_id, label, url, organisation_id from privacy_consents where user_id = $1 order by checkbox_id',
      [(user as { id: number }).id],
    );
    expect(rows).toEqual([
      {
        checkbox_id: 'club-newsletter',
        label: 'Send me the club newsletter',
        url: null,
        organisation_id: branded,
      },
      {
        checkbox_id: 'club-photo-rules',
        label: 'I accept the Alpine Run Club photo rules',
        url: 'https://alpinerun.example/photo-rules',
        organisation_id: branded,
      },
    ]);
  });

  it('brings a demo seeded before issue 11 up to date, once', async () => {
    await h.database.executeSql(
      "update organisations set favicon = null, disable_social_login = false, name = 'Old name' where app_name = $1",
      [BRANDED_APP_NAME],
    );
    await seedDemo(h.database.db, argon2Hasher, 1);
    const { body } = await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`);
    expect(body).toMatchObject({ name: 'Alpine Run Club', disable_social_login: true });
    // an operator's later change stays: the upgrade ran once
    await h.database.executeSql("update organisations set name = 'Renamed' where app_name = $1", [
      BRANDED_APP_NAME,
    ]);
    await seedDemo(h.database.db, argon2Hasher, 1);
    expect((await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`)).body.name).toBe(
      'Renamed',
    );
  });

  it('lists no social providers when none is configured', async () => {
    expect((await call(h.app, 'GET', '/api/api/v1/social-providers/')).body).toEqual({ providers: [] });
  });

  it('publishes the OpenAPI document and its reference page', async () => {
    const doc = await call(h.app, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.0.3');
    const page = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
