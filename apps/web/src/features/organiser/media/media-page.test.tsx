import type { OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation, makeOrganiserEvent, makeOrganiserMedia, mediaPage } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let media: OrganiserMedia[];
let myRole: 'owner' | 'photographer';
const MEDIA = '/api/organiser/v1/events/5e1a0c3d/media/';

/** The media calls as the server answers them: filters by hidden, bulk hide/delete per id. */
function mediaApi(req: RecordedRequest): Answer {
  if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
  if (req.path === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (req.path === '/api/organiser/v1/events/')
    return { status: 200, body: { results: [makeOrganiserEvent()] } };
  const [path, query] = req.path.split('?');
  if (req.method === 'GET' && path === MEDIA) {
    const hidden = new URLSearchParams(query).get('hidden');
    const shown = hidden === null ? media : media.filter((m) => String(m.hidden) === hidden);
    return { status: 200, body: mediaPage(shown, 1, shown.length, 48) };
  }
  if (req.method === 'POST' && req.path === `${MEDIA}bulk/`) {
    const body = JSON.parse(req.body) as { ids: number[]; action: string };
    const results = body.ids.map((id) => {
      const m = media.find((x) => x.id === id)!;
      if (body.action === 'hide') m.hidden = true;
      if (body.action === 'delete') {
        if (id === 3) return { id, outcome: 'kept' };
        media = media.filter((x) => x.id !== id);
      }
      return { id, outcome: 'done' };
    });
    return { status: 200, body: { results } };
  }
  return undefined;
}

const server = consoleTestServer((req) => mediaApi(req));
beforeEach(() => {
  myRole = 'owner';
  media = [1, 2, 3, 4].map((id) => makeOrganiserMedia({ id }));
});

const bulkBodies = () =>
  server.requests.filter((r) => r.path === `${MEDIA}bulk/`).map((r) => JSON.parse(r.body) as unknown);

describe('the media page', () => {
  it('selects a range with shift-click and hides it; the result is announced', async () => {
    renderApp('/organiser/events/5e1a0c3d/media');
    const first = await screen.findByRole('checkbox', { name: 'Select photo-1.jpg' }, { timeout: 5000 });
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select photo-3.jpg' }), { shiftKey: true });
    expect(screen.getByText('Selected: 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide from albums' }));
    expect(await screen.findByText('Hidden: 3.')).toBeTruthy();
    expect(bulkBodies()).toEqual([{ ids: [1, 2, 3], action: 'hide' }]);
    expect((await screen.findAllByText('Hidden')).length).toBe(3);
  });

  it('deletes after confirming and tells which media were kept for their buyers', async () => {
    renderApp('/organiser/events/5e1a0c3d/media');
    await screen.findByRole('checkbox', { name: 'Select photo-1.jpg' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('Selected: 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog');
    expect(bulkBodies()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete (4)' }));
    expect(await screen.findByText('Deleted: 3. Kept for their buyers: 1.')).toBeTruthy();
  });

  it('filters by visibility, asking the server', async () => {
    media[1]!.hidden = true;
    renderApp('/organiser/events/5e1a0c3d/media');
    await screen.findByRole('checkbox', { name: 'Select photo-1.jpg' }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Visibility'), { target: { value: 'true' } });
    await screen.findByText('Page 1 of 1 · 1 in all');
    expect(screen.queryByRole('checkbox', { name: 'Select photo-1.jpg' })).toBeNull();
    expect(
      server.requests.some((r) => r.path.startsWith(`${MEDIA}?`) && r.path.includes('hidden=true')),
    ).toBe(true);
  });

  it('shows a photographer the media without the bulk actions', async () => {
    myRole = 'photographer';
    renderApp('/organiser/events/5e1a0c3d/media');
    expect(
      await screen.findByText(
        'Your role lets you look at the media, not change them.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select photo-1.jpg' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete…' })).toBeNull();
  });
});
