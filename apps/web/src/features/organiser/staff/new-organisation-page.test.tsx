import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';

type Answer = { status: number; body?: unknown } | undefined;
let perms: string[];

function api(req: RecordedRequest): Answer {
  if (req.path.startsWith('/api/v2/users/me/'))
    return { status: 200, body: makeUser({ perms, organisation_count: 0 }) };
  if (req.method === 'GET' && req.path === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [] } };
  if (req.method === 'POST' && req.path === '/api/organiser/v1/organisations/') {
    const body = JSON.parse(req.body) as { app_name: string; name: string };
    if (body.app_name === 'taken') {
      return {
        status: 400,
        body: {
          code: 'validation_error',
          message: 'Taken.',
          data: { fields: { app_name: ['app_name.taken'] } },
        },
      };
    }
    return {
      status: 201,
      body: {
        id: 50,
        name: body.name,
        app_name: body.app_name,
        country: 'AT',
        currency: 'EUR',
        created_at: '2026-11-27T02:00:00Z',
      },
    };
  }
  return undefined;
}

const server = consoleTestServer((req) => api(req));
beforeEach(() => {
  perms = ['platform.staff'];
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('creating an organisation', () => {
  it('lets staff create one and says whom it invited; a taken subdomain is marked on its field', async () => {
    renderApp('/organiser/organisations/new');
    await screen.findByLabelText('Subdomain', {}, { timeout: 15_000 });
    const nav = screen.getByRole('navigation', { name: 'Organiser console' });
    expect(within(nav).getByRole('link', { name: 'New organisation' })).toBeTruthy();
    fill('Name', 'Lakeside Runs');
    fill('Subdomain', 'taken');
    fill('Country (2 letters)', 'at');
    fill("Owner's e-mail", 'anna@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Create and invite the owner' }));
    expect(await screen.findByText('This subdomain is already taken.')).toBeTruthy();

    fill('Subdomain', 'lakeside');
    fireEvent.click(screen.getByRole('button', { name: 'Create and invite the owner' }));
    expect(
      await screen.findByText(
        'Lakeside Runs is created at the subdomain lakeside; anna@example.com has been invited as its owner.',
      ),
    ).toBeTruthy();
    const sent = server.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));
    expect(sent.at(-1)).toEqual({
      name: 'Lakeside Runs',
      app_name: 'lakeside',
      country: 'AT',
      currency: 'EUR',
      owner_email: 'anna@example.com',
    });
  });

  it('tells anyone else that only staff create organisations', async () => {
    perms = [];
    renderApp('/organiser/organisations/new');
    expect(
      await screen.findByText('Only platform staff create organisations.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Subdomain')).toBeNull();
  });
});
