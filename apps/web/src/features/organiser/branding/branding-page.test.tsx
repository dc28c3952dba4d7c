import type { Branding } from '@fotodrop/contract/api/organisation-branding';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let stored: Branding;
let myRole: 'owner' | 'manager';

const branding = (): Branding => ({
  name: 'Lakeside Runs',
  logo: null,
  theme: null,
  hide_cart: false,
  footer_company_info: null,
  footer_categories: [],
  privacy_checkboxes: [],
  icons: { favicon: null, apple_touch_icon: null },
  hide_app_store_links: false,
  hide_powered_by_logo: false,
  hide_marketing_consent_last_update_date: false,
  login_subtitle: null,
  marketing_consent_description: null,
  show_calendar: false,
  disable_social_login: false,
  face_checkin_privacy_statement: null,
  min_required_age: 18,
  min_required_age_policy_url: null,
  sample_code: null,
  support_email: null,
  time_zone: 'Europe/Rome',
});

/** The branding calls as the server answers them; a sample code must be one of the organisation's. */
function brandingApi(req: RecordedRequest): Answer {
  if (req.path.startsWith('/api/v2/users/me/'))
    return { status: 200, body: makeUser({ organisation_count: 1 }) };
  if (req.path === '/api/organiser/v1/organisations/') {
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  }
  const url = '/api/organiser/v1/organisations/34/branding/';
  if (req.method === 'GET' && req.path === url) return { status: 200, body: stored };
  if (req.method === 'PATCH' && req.path === url) {
    const body = JSON.parse(req.body) as Partial<Branding>;
    if (body.sample_code === 'NOPE1234') {
      return {
        status: 400,
        body: {
          code: 'validation_error',
          message: 'No.',
          data: { fields: { sample_code: ['sample_code.unknown'] } },
        },
      };
    }
    stored = { ...stored, ...body };
    return { status: 200, body: stored };
  }
  if (req.method === 'POST' && req.path === `${url}images/logo/`) {
    stored = { ...stored, logo: '/api/branding-files/34/logo-0123456789abcdef.png' };
    return { status: 200, body: stored };
  }
  return undefined;
}

const server = consoleTestServer((req) => brandingApi(req));
beforeEach(() => {
  stored = branding();
  myRole = 'owner';
});

const preview = () => screen.getByRole('figure', { name: 'Preview of the home page' });

describe('the branding page', () => {
  it('previews the colours and texts as they are typed, and saves them', async () => {
    renderApp('/organiser/branding');
    const subtitle = await screen.findByLabelText(
      'Line under the name on the home page',
      {},
      { timeout: 15_000 },
    );
    fireEvent.change(subtitle, { target: { value: 'Your race, your photos' } });
    expect(within(preview()).getByText('Your race, your photos')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Use our own colours'));
    fireEvent.input(screen.getByLabelText('Main colour'), { target: { value: '#0a5c36' } });
    await vi.waitFor(() => expect(preview().style.getPropertyValue('--color-primary')).toBe('#0a5c36'));

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. The site shows the changes now.')).toBeTruthy();
    const sent = JSON.parse(server.requests.find((r) => r.method === 'PATCH')!.body) as Branding;
    expect(sent).toMatchObject({ login_subtitle: 'Your race, your photos', theme: { primary: '#0a5c36' } });
    expect(stored.theme?.primary).toBe('#0a5c36');
  });

  it("marks the server's refusal on its field and a bad link before sending", async () => {
    renderApp('/organiser/branding');
    fireEvent.change(await screen.findByLabelText('Sample album code', {}, { timeout: 15_000 }), {
      target: { value: 'nope1234' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This code is not an album code of your events.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Link to the age policy'), {
      target: { value: 'javascript:alert(1)' },
    });
    const patches = server.requests.filter((r) => r.method === 'PATCH').length;
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a link starting with https:// or /.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PATCH').length).toBe(patches);
  });

  it('uploads a logo as soon as it is chosen and shows it in the preview', async () => {
    renderApp('/organiser/branding');
    const input = await screen.findByLabelText('Logo', {}, { timeout: 15_000 });
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Current Logo' })).toBeTruthy();
    expect(
      server.requests.some((r) => r.method === 'POST' && r.path.endsWith('/branding/images/logo/')),
    ).toBe(true);
    expect(preview().querySelector('img')?.getAttribute('src')).toBe(
      '/api/branding-files/34/logo-0123456789abcdef.png',
    );
  });

  it('tells a manager that only owners edit the site, and asks nothing', async () => {
    myRole = 'manager';
    renderApp('/organiser/branding');
    expect(
      await screen.findByText("Only the organisation's owners edit its site.", {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(server.requests.some((r) => r.path.includes('/branding/'))).toBe(false);
  });
});
