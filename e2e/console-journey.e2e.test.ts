import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCards, ensurePdftoppm } from '../apps/server/test/codes-fixture';
import { DESKTOP, PHONE_CONTEXT } from './support/browser';
import { logIn, serverAndBrowser } from './support/journey';

/**
 * Issue 18's "Must show", in one go through the browser: platform staff create an organisation,
 * its owner accepts the e-mailed invitation, makes an event with a gallery, uploads 200 photos
 * (the connection dropped on the way), publishes, prints 10 QR cards, and a participant scanning
 * one card sees the photos. Only the e-mail is read through the API, as no user reads it there.
 */

const PHOTOS = 200;
const CODES = 10;
const STAFF = { email: 'staff@fotodrop.test', password: 'Fotodrop-staff1' };
const OWNER = { email: 'owner@lakeside-runs.test', password: 'Lakeside-owner-26!' };
const ORGANISATION = { name: 'Lakeside Runs', app_name: 'lakeside-runs' };
const EVENT_NAME = 'Lakeside Night Run';
const GALLERY = 'Finish line';

// no demo photos: the events of the new organisation hold exactly what this test uploads
const run = serverAndBrowser();
/** Screenshots of the journey, kept after the run for a person to look at. */
const SHOTS = join(tmpdir(), 'fotodrop-console-journey');
let photoDir = '';

/** 200 distinct photos (a colour and a number each), as a photographer's card reader hands them over. */
async function makePhotos(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (let i = 1; i <= PHOTOS; i++) {
    const hue = (i * 137) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="427">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/>
      </linearGradient></defs>
      <rect width="640" height="427" fill="url(#g)"/>
      <circle cx="${120 + ((i * 53) % 400)}" cy="${100 + ((i * 31) % 227)}" r="80" fill="rgba(255,255,255,0.25)"/>
      <text x="320" y="260" font-family="sans-serif" font-size="120" font-weight="bold" fill="white" text-anchor="middle">${i}</text>
    </svg>`;
    const path = join(dir, `night-run-${String(i).padStart(3, '0')}.jpg`);
    await writeFile(path, await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
    files.push(path);
  }
  return files;
}

/** `fullPage: false` for what the screen shows (the album's grid draws only the rows in view). */
async function shot(page: Page, name: string, fullPage = true) {
  // from the top: a full-page picture of a scrolled page draws the sticky header mid-page
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

async function apiToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${run.server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The invitation link in the newest e-mail to `to` in the development mailbox (staff only). */
async function invitationLink(to: string): Promise<string> {
  const headers = { authorization: `Token ${await apiToken(STAFF.email, STAFF.password)}` };
  for (let i = 0; i < 100; i++) {
    const list = (await (await fetch(`${run.server.url}/api/dev/mailbox`, { headers })).json()) as {
      messages: string[];
    };
    for (const id of list.messages) {
      const raw = await (await fetch(`${run.server.url}/api/dev/mailbox/${id}`, { headers })).text();
      if (!raw.includes(`To: ${to}`)) continue;
      // quoted-printable may fold the link; undo soft line breaks and the escaped "="
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/[^\s"<>]+\/organiser\/invitation\?token=[\w%=.-]+/.exec(text);
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation e-mail to ${to} arrived`);
}

/** The event's media as the organiser's list counts them (the owner's token). */
async function eventMedia(token: string, slug: string) {
  const response = await fetch(`${run.server.url}/api/organiser/v1/events/`, {
    headers: { authorization: `Token ${token}` },
  });
  const { results } = (await response.json()) as {
    results: { slug: string; media_counts: { ready: number; processing: number; failed: number } }[];
  };
  return results.find((e) => e.slug === slug)?.media_counts;
}

beforeAll(async () => {
  ensurePdftoppm();
  await rm(SHOTS, { recursive: true, force: true });
  await mkdir(SHOTS, { recursive: true });
  photoDir = await mkdtemp(join(tmpdir(), 'fotodrop-journey-photos-'));
});
afterAll(() => rm(photoDir, { recursive: true, force: true }));

const newDesktop = (browser: Browser) =>
  browser.newContext({ viewport: DESKTOP, locale: 'en-US', acceptDownloads: true });

describe('the organiser console end to end (issue 18, Must show)', () => {
  it('staff make an organisation; its owner runs an event with 200 photos; a participant sees them', async () => {
    const photos = await makePhotos(photoDir);
    const base = run.server.url;

    // 1. platform staff create the organisation from the console
    const staffContext = await newDesktop(run.browser);
    const staff = await staffContext.newPage();
    await logIn(staff, base, STAFF.email, STAFF.password);
    await staff.getByRole('link', { name: 'Organiser', exact: true }).click();
    await staff.waitForURL('**/organiser');
    await staff
      .getByRole('navigation', { name: 'Organiser console' })
      .getByRole('link', { name: 'New organisation' })
      .click();
    await staff.waitForURL('**/organiser/organisations/new');
    await staff.getByLabel(/^Name( \*)?$/).fill(ORGANISATION.name);
    await staff.getByLabel(/^Subdomain( \*)?$/).fill(ORGANISATION.app_name);
    await staff.getByLabel(/^Country \(2 letters\)( \*)?$/).fill('IT');
    await staff.getByLabel(/^Currency \(3 letters\)( \*)?$/).fill('EUR');
    await staff.getByLabel(/^Owner's e-mail( \*)?$/).fill(OWNER.email);
    await staff.getByRole('button', { name: 'Create and invite the owner' }).click();
    await staff
      .getByText(`${ORGANISATION.name} is created at the subdomain ${ORGANISATION.app_name}`)
      .waitFor({ timeout: 30_000 });
    await shot(staff, '01-staff-organisation-created-1280');
    await staffContext.close();

    // 2. the owner opens the e-mailed link in their own browser and creates the account
    const link = await invitationLink(OWNER.email);
    const ownerContext = await newDesktop(run.browser);
    const owner = await ownerContext.newPage();
    await owner.goto(link);
    await owner.getByRole('heading', { level: 1, name: 'Join an organisation' }).waitFor();
    // the page says who invited whom to what before anything is typed
    await owner.getByText(`Sam Staff invited you to join ${ORGANISATION.name} as owner.`).waitFor();
    await owner.getByText(`The invitation is for ${OWNER.email}.`).waitFor();
    await owner.getByLabel(/^First name( \*)?$/).fill('Olivia');
    await owner.getByLabel(/^Last name( \*)?$/).fill('Owner');
    await owner.getByLabel(/^Choose a password( \*)?$/).fill(OWNER.password);
    // the sign-up form's consents are on this page: no terms page after it
    await owner.getByRole('checkbox', { name: /^I declare I am \d+ or older/ }).check();
    await owner.getByRole('checkbox', { name: /^I accept the terms of service/ }).check();
    await shot(owner, '02-owner-invitation-1280');
    await owner.getByRole('button', { name: 'Accept the invitation' }).click();
    await owner.waitForURL(/\/organiser$/);
    await owner.getByText(`You joined ${ORGANISATION.name} as owner.`).waitFor();
    await owner.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await owner.getByRole('link', { name: 'Organiser', exact: true }).waitFor();
    await owner.getByText(ORGANISATION.name, { exact: true }).first().waitFor();
    await shot(owner, '03b-owner-console-1280');

    // 3. an event and a gallery in it
    await owner.getByRole('button', { name: 'New event' }).click();
    await owner.getByLabel(/^Name( \*)?$/).fill(EVENT_NAME);
    await owner.getByRole('button', { name: 'Create the event' }).click();
    await owner.waitForURL(/\/organiser\/events\/[^/]+$/);
    const slug = new URL(owner.url()).pathname.split('/').at(-1) ?? '';
    await owner.getByRole('heading', { level: 1, name: EVENT_NAME }).waitFor();
    await owner.getByRole('tab', { name: 'Galleries' }).click();
    await owner.getByLabel(/^Gallery name( \*)?$/).fill(GALLERY);
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByText(`Gallery “${GALLERY}” added.`).waitFor();
    await shot(owner, '04-owner-gallery-1280');

    // 4. 200 photos through the upload page; the connection drops once the batch is under way
    await owner.getByRole('tab', { name: 'Overview' }).click();
    const requests: string[] = [];
    let patchesDone = 0;
    let dropped = 0;
    let outageEnds = 0;
    await owner.route('**/api/organiser/v1/uploads/**', async (route) => {
      const method = route.request().method();
      requests.push(method);
      if (method === 'PATCH') {
        // after 40 files the network goes away for two seconds: every file in flight is cut
        if (patchesDone >= 40 && (outageEnds === 0 || Date.now() < outageEnds)) {
          if (outageEnds === 0) outageEnds = Date.now() + 2000;
          dropped++;
          await route.abort('connectionreset');
          return;
        }
        patchesDone++;
      }
      await route.continue();
    });
    await owner.getByRole('link', { name: 'Upload photos' }).click();
    await owner.waitForURL(`**/organiser/upload?event=${slug}`);
    await owner.getByRole('heading', { level: 1, name: 'Upload photos and videos' }).waitFor();
    expect(await owner.getByLabel('Event').inputValue()).toBe(slug);
    await owner.getByLabel('Gallery').selectOption({ label: GALLERY });
    const started = Date.now();
    await owner.locator('input[type="file"]').setInputFiles(photos);

    const total = owner.getByRole('progressbar', { name: 'Total progress' });
    const summary = owner.getByText(/^Finished: \d+ of 200/);
    const seen = new Set<number>();
    let midway = false;
    await expect
      .poll(
        async () => {
          const now = Number(await total.getAttribute('aria-valuenow'));
          seen.add(now);
          if (!midway && now > 0 && now < 100) {
            midway = true;
            await shot(owner, '05-owner-upload-progress-1280');
          }
          return (await summary.textContent())?.trim();
        },
        { timeout: 180_000, interval: 250 },
      )
      .toBe(`Finished: ${PHOTOS} of ${PHOTOS}`);
    const uploadSeconds = (Date.now() - started) / 1000;
    // the total moved through figures between nothing and everything while the page was watched
    expect([...seen].filter((p) => p > 0 && p < 100).length).toBeGreaterThan(1);
    expect(await total.getAttribute('aria-valuenow')).toBe('100');
    // the outage cut files in flight; tus asked the server for their offsets and sent them again
    expect(dropped).toBeGreaterThan(0);
    expect(requests.filter((m) => m === 'HEAD').length).toBeGreaterThan(0);
    expect(requests.filter((m) => m === 'POST')).toHaveLength(PHOTOS);
    expect(
      await owner
        .getByRole('region', { name: 'Upload queue' })
        .getByText(/failed/)
        .count(),
    ).toBe(0);
    await shot(owner, '06-owner-upload-finished-1280');

    const ownerToken = await apiToken(OWNER.email, OWNER.password);
    const counts = await eventMedia(ownerToken, slug);
    expect(counts && counts.ready + counts.processing).toBe(PHOTOS);
    expect(counts?.failed).toBe(0);

    // 5. ten album codes and their QR cards
    await owner.goto(`${base}/organiser/events/${slug}`);
    await owner.getByRole('link', { name: 'Album codes' }).click();
    await owner.waitForURL(`**/organiser/events/${slug}/codes`);
    await owner.getByLabel(/^How many( \*)?$/).fill(String(CODES));
    await owner.getByRole('button', { name: 'Generate', exact: true }).click();
    await owner.getByText(`${CODES} new codes made.`).waitFor();
    const codes = (await owner.getByLabel('The new codes, one per line').inputValue()).split('\n');
    expect(codes).toHaveLength(CODES);
    const downloading = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Print QR cards' }).click();
    const download = await downloading;
    await shot(owner, '07-owner-codes-1280');
    // kept beside the screenshots, to be looked at like them
    await download.saveAs(join(SHOTS, 'code-cards-a6.pdf'));
    const pdf = await readFile(join(SHOTS, 'code-cards-a6.pdf'));
    const cards = (await decodeCards(pdf, 1, 1)).map((page) => page[0]);
    expect(cards).toHaveLength(CODES);
    // the cards send participants to the organisation's own site
    const site = `http://${ORGANISATION.app_name}.localhost:${run.server.port}`;
    expect(cards.sort()).toEqual(codes.map((c) => `${site}/preview?picacode=${c}`).sort());

    // the owner publishes the event: a draft's codes open nothing yet
    await owner.goto(`${base}/organiser/events/${slug}`);
    await owner.getByRole('button', { name: 'Publish' }).click();
    await owner.getByText('The event is published.').waitFor();
    await shot(owner, '08-owner-published-1280');

    // 6. a participant scans a card: the preview of the event, then the album after signing up
    const participantContext = await run.browser.newContext(PHONE_CONTEXT);
    const participant = await participantContext.newPage();
    await participant.goto(cards[0] ?? '');
    await participant.getByRole('heading', { level: 1, name: EVENT_NAME }).waitFor({ timeout: 30_000 });
    // the photos show once the server has made their previews
    const preview = participant.getByRole('list', { name: 'Preview of the photos' }).getByRole('img');
    await expect
      .poll(
        async () => {
          await participant.reload();
          await preview
            .first()
            .waitFor({ timeout: 5000 })
            .catch(() => undefined);
          return preview.count();
        },
        { timeout: 120_000, interval: 2000 },
      )
      .toBeGreaterThan(0);
    await shot(participant, '09-participant-preview-390');
    await participant.getByRole('link', { name: 'Sign up free' }).click();
    await participant.waitForURL('**/signup?next=**');
    await participant.getByLabel(/^E-mail( \*)?$/).fill('runner@example.com');
    await participant.getByLabel(/^First name( \*)?$/).fill('Rita');
    await participant.getByLabel(/^Last name( \*)?$/).fill('Runner');
    await participant.getByLabel(/^Password( \*)?$/).fill('Night-run-2026!');
    await participant.getByLabel(/^Repeat the password( \*)?$/).fill('Night-run-2026!');
    await participant.getByLabel('I declare I am 18 or older').check();
    await participant.getByLabel(/I accept the terms of service/).check();
    await participant.getByRole('button', { name: 'Create account' }).click();
    await participant.waitForURL(`**/checkins/${cards[0]?.split('=').at(-1)}`, { timeout: 30_000 });
    // the album shows every photo the server has made ready so far (processing may still go on)
    const first = participant.getByRole('img', { name: /^Photo 1 of \d+$/ }).first();
    const album = { before: 0, shown: 0, after: 0 };
    await expect
      .poll(
        async () => {
          album.before = (await eventMedia(ownerToken, slug))?.ready ?? 0;
          await participant.reload();
          await first.waitFor({ timeout: 10_000 }).catch(() => undefined);
          const alt = (await first.count()) > 0 ? await first.getAttribute('alt') : null;
          album.shown = Number(/ of (\d+)$/.exec(alt ?? '')?.[1] ?? 0);
          album.after = (await eventMedia(ownerToken, slug))?.ready ?? 0;
          return album.shown;
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBeGreaterThan(0);
    expect(album.shown).toBeGreaterThanOrEqual(album.before);
    expect(album.shown).toBeLessThanOrEqual(album.after);
    // the tiles in view have their thumbnails before the picture is taken
    await expect
      .poll(() =>
        participant
          .getByRole('img', { name: /^Photo [1-6] of \d+$/ })
          .evaluateAll((imgs) =>
            imgs.every((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
          ),
      )
      .toBe(true);
    await shot(participant, '10-participant-album-390', false);
    console.info(
      `console journey: ${PHOTOS} photos uploaded in ${uploadSeconds.toFixed(0)} s, ` +
        `${album.shown} in the album after ${((Date.now() - started) / 1000).toFixed(0)} s; screenshots in ${SHOTS}`,
    );
    await participantContext.close();
    await ownerContext.close();
  }, 480_000);
});
