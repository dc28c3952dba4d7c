import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { scrollToHash } from '../lib/hash-scroll';

const faq = (id: number, question: string, answer = 'An answer long enough to read.') => ({
  id,
  question,
  answer,
});
const GROUPS = [
  {
    id: 1,
    key: 'finding-photos',
    title: 'Finding your photos',
    faqs: [faq(1, 'How do I find my photos?'), faq(2, 'Why are there no photos yet?')],
  },
  {
    id: 2,
    key: 'buying',
    title: 'Buying and payment',
    faqs: [
      faq(3, 'Which payment methods can I use?', 'Cards, iDEAL and more.'),
      faq(4, 'My payment failed.', 'A failed PAYMENT is not charged.'),
      faq(5, 'Payment by bank transfer?'),
      faq(6, 'Payment in another currency?'),
      faq(7, 'Payment receipt?'),
    ],
  },
];
const STATUS = {
  email: 'support@fotodrop.example',
  open: false,
  closed_reason: 'weekend',
  answer_by: '2026-11-30',
  time_zone: 'Europe/Rome',
};

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/support/v1/request/faqs/'))
      return { status: 200, body: { results: GROUPS } };
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.path.startsWith('/api/support/v1/request/events/'))
      return {
        status: 200,
        body: {
          results: req.headers.authorization
            ? [{ id: 12, name: 'Lakeside City Marathon', start_date: '2026-10-04' }]
            : [],
          support: STATUS,
        },
      };
    if (req.path.startsWith('/api/support/v1/request/send/'))
      return { status: 201, body: { detail: 'sent', id: 42, open: false, answer_by: '2026-11-30' } };
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
});
afterEach(cleanup);

describe('scrollToHash', () => {
  it('opens the question and scrolls it 136 px below the top, under the navigation bar', () => {
    document.body.innerHTML = '<details id="faq-9"><summary>Q</summary><p>A</p></details>';
    const target = document.getElementById('faq-9') as HTMLDetailsElement;
    target.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo;
    expect(scrollToHash('#faq-9')).toBe(true);
    expect(target.open).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 500 - 136 }));
    expect(scrollToHash('#missing')).toBe(false);
    expect(scrollToHash('')).toBe(false);
  });
});

describe('/help', () => {
  it('shows the FAQ, finds at most 4 questions case-insensitively, and nothing for "undefined"', async () => {
    renderApp('/help');
    expect(
      await screen.findByRole('heading', { name: 'Buying and payment' }, { timeout: 5000 }),
    ).toBeTruthy();
    const search = screen.getByLabelText('Search the questions');
    fireEvent.change(search, { target: { value: 'PAYMENT' } });
    const results = screen.getByText('Matching questions: 4');
    expect(results).toBeTruthy();
    const links = document.querySelectorAll('.help-search-results a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual(['#faq-3', '#faq-4', '#faq-5', '#faq-6']);
    fireEvent.change(search, { target: { value: 'undefined' } });
    expect(document.querySelectorAll('.help-search-results a')).toHaveLength(0);
    // the closed message on a weekend, and the camera help linked
    expect(await screen.findByText('Support is closed at the weekend.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Camera help' }).getAttribute('href')).toBe('/help/camera');
    expect(
      (await screen.findByRole('link', { name: 'support@fotodrop.example' })).getAttribute('href'),
    ).toMatch(/^mailto:support@fotodrop\.example\?subject=/);
  });

  it('opens the question a hash link names', async () => {
    renderApp('/help#faq-4');
    await waitFor(() =>
      expect((document.getElementById('faq-4') as HTMLDetailsElement | null)?.open).toBe(true),
    );
  });

  it('checks the form before sending, then sends it and says when support answers', async () => {
    renderApp('/help');
    const submit = await screen.findByRole('button', { name: 'Send request' }, { timeout: 5000 });
    fireEvent.click(submit);
    expect(await screen.findByText('Choose a topic.')).toBeTruthy();
    expect(server.requests.some((r) => r.path.includes('/send/'))).toBe(false);

    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Vera Visitor' } });
    fireEvent.change(screen.getByLabelText(/Your e-mail address/), { target: { value: 'vera@example.com' } });
    fireEvent.change(screen.getByLabelText('Album code'), { target: { value: 'K7M2Q9P' } });
    fireEvent.change(screen.getByLabelText(/Topic/), { target: { value: 'missing_photos' } });
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'No photos from km 30' } });
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'Nothing from km 30 yet.' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Request #42 sent')).toBeTruthy();
    const sent = server.requests.find((r) => r.path.includes('/send/'))!;
    expect(JSON.parse(sent.body)).toEqual({
      name: 'Vera Visitor',
      email: 'vera@example.com',
      picacode: 'K7M2Q9P',
      category: 'missing_photos',
      subject: 'No photos from km 30',
      message: 'Nothing from km 30 yet.',
      event_id: null,
    });
    expect(screen.getByText('We have e-mailed a confirmation to vera@example.com.')).toBeTruthy();
  });

  it('prefills a signed-in user’s name and e-mail and offers the events of their albums', async () => {
    useAppStore.getState().setAuth('k1');
    renderApp('/help');
    const event = await screen.findByLabelText('Event', {}, { timeout: 5000 });
    expect([...(event as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Not about one event',
      'Lakeside City Marathon',
    ]);
    await waitFor(() =>
      expect((screen.getByLabelText(/Your e-mail address/) as HTMLInputElement).value).toBe(
        'ada@example.com',
      ),
    );
    expect((screen.getByLabelText(/Your name/) as HTMLInputElement).value).toBe('Ada Lovelace');
  });
});
