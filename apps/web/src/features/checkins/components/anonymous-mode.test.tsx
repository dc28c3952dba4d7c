import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { type Answer, setUpCheckinTestServer } from '../test/checkin-test-server';
import { makeCheckin } from '../test/fixtures';

const api = setUpCheckinTestServer({ signedIn: true });
afterEach(cleanup);

const faceAlbum = (anonymization: { state: 'off' | 'pending' | 'on'; kind: 'blur' | 'deep' | null }) => {
  const base = makeCheckin();
  return makeCheckin({ event: { ...base.event, checkin_mode: 'face-checkin' }, anonymization });
};

/** The album of a face-search event, its anonymous mode as the server keeps it. */
function serve(state: { anonymization: { state: 'off' | 'pending' | 'on'; kind: 'blur' | 'deep' | null } }) {
  return (req: RecordedRequest): Answer => {
    if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/by-code/K7M2Q9P/'))
      return { status: 200, body: faceAlbum(state.anonymization) };
    if (req.method === 'POST' && req.path === '/api/v2/checkins/41/anonymize/') {
      state.anonymization = {
        state: 'pending',
        kind: (JSON.parse(req.body) as { kind: 'blur' | 'deep' }).kind,
      };
      return { status: 200, body: state.anonymization };
    }
    if (req.method === 'POST' && req.path === '/api/v2/checkins/41/deanonymize/') {
      state.anonymization = { state: 'off', kind: null };
      return { status: 200, body: state.anonymization };
    }
    return undefined;
  };
}

const openAlbum = async () => {
  renderApp('/checkins/K7M2Q9P');
  await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 });
};

describe('anonymous mode on the album', () => {
  it('turns on with the chosen kind after a confirmation, shows that it is processing, and turns off again', async () => {
    const state = { anonymization: { state: 'off' as const, kind: null } } as Parameters<typeof serve>[0];
    api.answer = serve(state);
    await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Hide my face' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide your face from other participants' });
    // deep is the default; the participant picks blur
    expect(
      (within(dialog).getByRole('radio', { name: /and also remove me/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('radio', { name: "Blur my face in other participants' photos" }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/your face is being hidden/, {}, { timeout: 5000 })).toBeTruthy();
    const sent = api.server.requests.find((r) => r.path === '/api/v2/checkins/41/anonymize/');
    expect(JSON.parse(sent!.body)).toEqual({ kind: 'blur' });
    expect(screen.queryByRole('dialog')).toBeNull();

    // the album is asked again while pending; once on, the state says so
    state.anonymization = { state: 'on', kind: 'blur' };
    expect(
      await screen.findByText(
        'Anonymous mode is on: other participants see your face blurred.',
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Face hidden' }));
    const off = await screen.findByRole('dialog', { name: 'Turn off anonymous mode?' });
    fireEvent.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Hide my face' }, { timeout: 5000 })).toBeTruthy();
    expect(api.server.requests.some((r) => r.path === '/api/v2/checkins/41/deanonymize/')).toBe(true);
  }, 20_000);

  it("shows the server's refusal in the dialog and changes nothing", async () => {
    api.answer = (req) =>
      req.method === 'POST' && req.path === '/api/v2/checkins/41/anonymize/'
        ? {
            status: 400,
            body: { code: 'anonymization_state', message: 'Turn anonymous mode off first.' },
          }
        : serve({ anonymization: { state: 'off', kind: null } })(req);
    await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Hide my face' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(dialog).findByText('Anonymous mode cannot be changed like this right now.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide my face' })).toBeTruthy();
  });

  it('is not offered in an event without face search', async () => {
    api.answer = (req) =>
      req.method === 'GET' && req.path.startsWith('/api/v3/checkins/by-code/K7M2Q9P/')
        ? { status: 200, body: makeCheckin() }
        : undefined;
    await openAlbum();
    expect(screen.queryByRole('button', { name: 'Hide my face' })).toBeNull();
  });
});
