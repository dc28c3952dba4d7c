import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { brandedConfig } from '../../../test/branded-config';
import type { RecordedRequest } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { makeCheckin, makeStep } from '../../checkins/test/fixtures';
import { type Answer, fakeStream, mockCamera, setUpSelfieTestServer } from '../test/selfie-test-server';

const api = setUpSelfieTestServer();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const EMPTY = { total: 0, photos: 0, videos: 0, purchased: 0, favourites: 0 };

function faceAlbum(overrides: Partial<Checkin> = {}): Checkin {
  const base = makeCheckin();
  return makeCheckin({
    picacode: 'SELFIE24',
    photos_summary: EMPTY,
    face_inference_status: 'completed',
    ...overrides,
    event: { ...base.event, ...overrides.event, checkin_mode: 'face-checkin' },
  });
}

const faceStep = makeStep({
  checkin_step: 'face_recognition',
  complete_token: 'ct-face',
  privacy: 'Face descriptors are kept for 30 days at most.',
});

const posts = (path: string) => api.server.requests.filter((r) => r.method === 'POST' && r.path === path);
const gets = (prefix: string) =>
  api.server.requests.filter((r) => r.method === 'GET' && r.path.startsWith(prefix));

/** The answers of a face-search event's album and search; `status` answers in turn. */
function faceServer(checkin: Checkin, statuses: string[] = ['completed']) {
  let polled = 0;
  return (req: RecordedRequest): Answer => {
    if (req.path.startsWith('/api/v3/checkins/by-code/')) return { status: 200, body: checkin };
    if (req.path === '/api/v3/checkins/41/face-inference-status/') {
      const status = statuses[Math.min(polled++, statuses.length - 1)];
      return {
        status: 200,
        body: { status, matched_count: status === 'completed' ? 3 : null, updated_at: null },
      };
    }
    if (req.path === '/api/v3/checkins/41/face-inference/')
      return { status: 200, body: { status: 'pending', matched_count: null, updated_at: null } };
    if (req.path === '/api/v3/checkins/41/face-review/') return { status: 200, body: { results: [] } };
    return undefined;
  };
}

async function enterCode(code: string) {
  const router = renderApp('/checkins');
  await screen.findByRole('heading', { level: 1, name: 'My albums' }, { timeout: 5000 });
  fireEvent.change(screen.getByLabelText(/^Album code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Open album' }));
  const dialog = await screen.findByRole(
    'dialog',
    { name: 'Find your photos with a selfie' },
    { timeout: 5000 },
  );
  return { router, dialog };
}

/** From the photo step with a live camera: take the photo and confirm it. */
async function captureAndConfirm(dialog: HTMLElement) {
  const capture = await within(dialog).findByRole('button', { name: 'Take the photo' });
  await vi.waitFor(() => expect((capture as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(capture);
  expect(await within(dialog).findByRole('heading', { name: 'Use this photo?' })).toBeTruthy();
  expect(within(dialog).getByText(/By confirming, you agree that we compare this selfie/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and search' }));
}

describe('the selfie flow from a face_recognition step', () => {
  it('info → camera → confirm (the consent) → upload → another person? → search → processing → the album', async () => {
    const camera = mockCamera(async () => fakeStream().stream);
    const album = faceAlbum();
    const server = faceServer(album, ['processing', 'completed']);
    api.answer = (req) => {
      if (req.path === '/api/v2/checkins/') return { status: 303, body: faceStep };
      if (req.path === '/api/v2/checkins/41/add-face/')
        return { status: 201, body: { face_id: 5, status: 'pending' } };
      if (req.path === '/api/v2/complete-checkin/41/') return { status: 201, body: album };
      return server(req);
    };
    const { router, dialog } = await enterCode('SELFIE24');

    // info: what happens, what is kept, the organisation's privacy statement
    expect(within(dialog).getByRole('heading', { name: 'How the selfie search works' })).toBeTruthy();
    expect(within(dialog).getByText(/only a face descriptor/)).toBeTruthy();
    expect(within(dialog).getByText('Face descriptors are kept for 30 days at most.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take a selfie' }));

    // photo: the front camera, labelled, with the capture button
    expect(await within(dialog).findByLabelText('Front camera preview')).toBeTruthy();
    expect(camera).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }) }),
    );
    await captureAndConfirm(dialog);

    // the other person is optional
    expect(
      await within(dialog).findByRole('heading', { name: 'Add another person?' }, { timeout: 5000 }),
    ).toBeTruthy();
    const upload = posts('/api/v2/checkins/41/add-face/')[0]!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload.body).toMatch(/name="consent"\r\n\r\ntrue/);
    expect(upload.body).toMatch(/name="additional_person"\r\n\r\nfalse/);
    expect(upload.body).toMatch(/name="selfie"; filename="selfie.jpg"/);
    expect(JSON.parse(posts('/api/v2/complete-checkin/41/')[0]!.body).complete_token).toBe('ct-face');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, continue' }));

    // the search runs, watched until it completes; then the album opens
    expect(
      await within(dialog).findByRole('heading', { name: 'Looking for you in the photos…' }),
    ).toBeTruthy();
    expect(JSON.parse(posts('/api/v3/checkins/41/face-inference/')[0]!.body)).toEqual({});
    await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 8000 });
    expect(here(router)).toBe('/checkins/SELFIE24');
    expect(gets('/api/v3/checkins/41/face-inference-status/').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 15_000);

  it('a refused selfie says why and goes back to the camera', async () => {
    mockCamera(async () => fakeStream().stream);
    api.answer = (req) => {
      if (req.path === '/api/v2/checkins/') return { status: 303, body: faceStep };
      if (req.path === '/api/v2/checkins/41/add-face/')
        return {
          status: 400,
          body: { code: 'selfie_rejected', message: 'No face.', data: { reason: 'no_face' } },
        };
      return undefined;
    };
    const { dialog } = await enterCode('SELFIE24');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take a selfie' }));
    await captureAndConfirm(dialog);
    expect(
      await within(dialog).findByText(
        'No face found. Place your face in the centre of the frame.',
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Your selfie' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Front camera preview')).toBeTruthy();
    expect(posts('/api/v2/complete-checkin/41/')).toHaveLength(0);
  });

  it('camera refused: help for this browser and system, a link to the help pages, and the photo picker', async () => {
    mockCamera(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    api.answer = (req) => (req.path === '/api/v2/checkins/' ? { status: 303, body: faceStep } : undefined);
    const { dialog } = await enterCode('SELFIE24');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take a selfie' }));
    const help = await within(dialog).findByRole('alert');
    expect(within(help).getByText('Camera access is blocked')).toBeTruthy();
    // jsdom's user agent is neither a phone nor a known browser: Chrome on a computer
    expect(within(help).getByText(/chrome:\/\/settings\/content\/camera/)).toBeTruthy();
    expect(
      within(help).getByRole('link', { name: 'Instructions for other browsers' }).getAttribute('href'),
    ).toBe('/help/camera/chrome/desktop');
    expect(within(dialog).getByText('Choose a photo instead')).toBeTruthy();
  });

  it('without a camera the photo comes from a file, which must be an image the server takes', async () => {
    mockCamera(null);
    api.answer = (req) => (req.path === '/api/v2/checkins/' ? { status: 303, body: faceStep } : undefined);
    const { dialog } = await enterCode('SELFIE24');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take a selfie' }));
    expect(await within(dialog).findByText(/No camera is available here/)).toBeTruthy();
    const input = within(dialog).getByLabelText('Choose a photo instead') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('user');

    fireEvent.change(input, { target: { files: [new File(['gif'], 'me.gif', { type: 'image/gif' })] } });
    expect(within(dialog).getByText('Choose a JPEG, PNG or WebP photo.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['jpg'], 'me.jpg', { type: 'image/jpeg' })] } });
    expect(await within(dialog).findByRole('heading', { name: 'Use this photo?' })).toBeTruthy();
    // inlined as data: (the Content-Security-Policy allows no blob: images)
    const shot = await within(dialog).findByRole('img', { name: 'The selfie you took' });
    expect(shot.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
  });
  it('"Choose a photo" on the info step opens the file chooser at the first tap, and the photo goes to the confirmation', async () => {
    mockCamera(async () => fakeStream().stream);
    api.answer = (req) => (req.path === '/api/v2/checkins/' ? { status: 303, body: faceStep } : undefined);
    const { dialog } = await enterCode('SELFIE24');
    // the control is the file input's own label: one tap opens the chooser (a photo from the phone's
    // gallery, so no capture attribute), not a button leading to another step with another button
    const input = within(dialog).getByLabelText('Choose a photo') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.hasAttribute('capture')).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['gif'], 'me.gif', { type: 'image/gif' })] } });
    expect(within(dialog).getByText('Choose a JPEG, PNG or WebP photo.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['jpg'], 'me.jpg', { type: 'image/jpeg' })] } });
    expect(await within(dialog).findByRole('heading', { name: 'Use this photo?' })).toBeTruthy();
    // another photo: the file picker again, not the camera
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retake' }));
    expect(await within(dialog).findByLabelText('Choose a photo instead')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Front camera preview')).toBeNull();
  });
});

describe('the selfie flow from the album', () => {
  it('no photos found offers a new selfie; another person needs its own consent; a stay asks its dates', async () => {
    mockCamera(async () => fakeStream().stream);
    const stay = faceAlbum({
      event: {
        ...makeCheckin().event,
        experience_type: 'stay',
        start_date: '2026-07-01',
        end_date: '2026-07-14',
      },
    });
    const server = faceServer(stay);
    api.answer = (req) =>
      req.path === '/api/v2/checkins/41/add-face/'
        ? { status: 201, body: { face_id: 6, status: 'pending' } }
        : server(req);
    renderApp('/checkins/SELFIE24');
    expect(await screen.findByText('No photos found', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
    const offers = screen.getAllByRole('button', { name: 'Take a selfie again' });
    fireEvent.click(offers.at(-1)!);

    const dialog = await screen.findByRole('dialog', { name: 'Find your photos with a selfie' });
    await captureAndConfirm(dialog);
    await within(dialog).findByRole('heading', { name: 'Add another person?' }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add another person' }));
    expect(within(dialog).getByText('Tick the consent to add another person.')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText(/I agree that this person's face/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add another person' }));
    expect(await within(dialog).findByRole('heading', { name: "The other person's selfie" })).toBeTruthy();
    const capture = await within(dialog).findByRole('button', { name: 'Take the photo' });
    await vi.waitFor(() => expect((capture as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(capture);
    expect(await within(dialog).findByText(/you confirm that you may consent for them/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and search' }));

    // a stay: the guest's own dates, within the stay's, before the search
    expect(
      await within(dialog).findByRole(
        'heading',
        { name: 'Select the dates of your stay' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const second = posts('/api/v2/checkins/41/add-face/')[1]!;
    expect(second.body).toMatch(/name="additional_person"\r\n\r\ntrue/);
    expect(second.body).toMatch(/name="multi_person_consent"\r\n\r\ntrue/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the search' }));
    expect(within(dialog).getByText('Select a date.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2026-06-28' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2026-07-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the search' }));
    expect(within(dialog).getByText('Choose days within the dates of the stay.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2026-07-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the search' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(JSON.parse(posts('/api/v3/checkins/41/face-inference/')[0]!.body)).toEqual({
      start_of_stay: '2026-07-03',
      end_of_stay: '2026-07-05',
    });
    expect(posts('/api/v2/complete-checkin/41/')).toHaveLength(0);
  }, 15_000);
});

describe("the site's face check-in privacy statement", () => {
  it('is shown when the step brings none of its own', async () => {
    useAppStore.setState({ appConfig: brandedConfig() });
    api.answer = (req) =>
      req.path === '/api/v2/checkins/' ? { status: 303, body: { ...faceStep, privacy: null } } : undefined;
    const { dialog } = await enterCode('SELFIE24');
    expect(within(dialog).getByText('The club compares your selfie with this race only.')).toBeTruthy();
  });
});
