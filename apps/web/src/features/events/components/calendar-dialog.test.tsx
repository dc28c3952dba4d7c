import type { CalendarEvent } from '@fotodrop/contract/api/events';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../../shared/config/default-config';
import { switchLanguage } from '../../../shared/i18n/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, resetApp } from '../../../test/setup';

const event = (id: number, name: string, start: string, end = start): CalendarEvent => ({
  id,
  slug: `0a1b2c3${id}`,
  name,
  start_date: start,
  end_date: end,
  location: null,
  cover_url: null,
});

const EVENTS = [
  event(1, 'Spring Run', '2026-04-12'),
  event(2, 'Lake Swim', '2026-05-02', '2026-05-03'),
  event(3, 'Night Run', '2026-05-02'),
  event(4, 'Alpine Trail', '2026-05-30', '2026-06-02'),
];

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) =>
    req.path === '/api/v1/events/calendar/' ? { status: 200, body: { results: EVENTS } } : undefined,
  );
});
afterAll(() => server.close());
beforeEach(() => {
  // only the clock is fake: today is Friday 3 April 2026
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 3, 3, 10, 0));
  resetApp(`${server.url}/api`);
  useAppStore.setState({ appConfig: { ...DEFAULT_APP_CONFIG, id: 901, show_calendar: true } });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await switchLanguage('en');
});

async function openCalendar() {
  renderApp('/events');
  const dialog = await screen.findByRole('dialog', { name: 'Upcoming events' }, { timeout: 5000 });
  await within(dialog).findByRole('grid', {}, { timeout: 5000 });
  return dialog;
}

const grid = (dialog: HTMLElement) => within(dialog).getByRole('grid');
const monthList = (dialog: HTMLElement, name: string | RegExp) =>
  within(within(dialog).getByRole('region', { name }))
    .queryAllByRole('link')
    // Intl puts thin spaces around the dash of a date range
    .map((a) => a.textContent?.replace(/\s+/g, ' '));

describe('the calendar month grid', () => {
  it('opens at the month of the next event, named in the app language with its weekdays', async () => {
    const dialog = await openCalendar();
    expect(grid(dialog).getAttribute('aria-labelledby')).toBe(
      within(dialog).getByRole('heading', { name: 'April 2026' }).id,
    );
    expect(within(dialog).getByRole('grid', { name: 'April 2026' })).toBeTruthy();
    // English weeks start on Sunday
    const headers = within(grid(dialog)).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(headers[0]!.getAttribute('abbr')).toBe('Sunday');
    const today = within(grid(dialog)).getByRole('gridcell', { name: 'Friday, April 3, 2026' });
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(monthList(dialog, 'Events in April 2026')).toEqual(['Spring RunApr 12, 2026']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(within(dialog).getByRole('heading', { name: 'May 2026' })).toBeTruthy();
    await act(() => switchLanguage('de'));
    expect(within(dialog).getByRole('heading', { name: 'Mai 2026' })).toBeTruthy();
    expect(within(dialog).getByRole('grid', { name: 'Mai 2026' })).toBeTruthy();
    // German weeks start on Monday
    expect(within(grid(dialog)).getAllByRole('columnheader')[0]!.textContent).toBe('Mo');
    expect(
      within(grid(dialog)).getByRole('gridcell', { name: 'Samstag, 2. Mai 2026, 2 Veranstaltungen' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Nächster Monat' })).toBeTruthy();
  });

  it('moves between the months that hold upcoming events', async () => {
    const dialog = await openCalendar();
    const previous = within(dialog).getByRole('button', { name: 'Previous month' });
    const next = within(dialog).getByRole('button', { name: 'Next month' });
    // the calendar lists upcoming events: nothing before this month
    expect(previous).toHaveProperty('disabled', true);

    fireEvent.click(next);
    expect(within(dialog).getByRole('heading', { name: 'May 2026' })).toBeTruthy();
    expect(monthList(dialog, 'Events in May 2026')).toEqual([
      'Lake SwimMay 2 – 3, 2026',
      'Night RunMay 2, 2026',
      'Alpine TrailMay 30 – Jun 2, 2026',
    ]);
    fireEvent.click(next);
    expect(within(dialog).getByRole('heading', { name: 'June 2026' })).toBeTruthy();
    expect(monthList(dialog, 'Events in June 2026')).toEqual(['Alpine TrailMay 30 – Jun 2, 2026']);
    // the last event ends in June
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(previous);
    fireEvent.click(previous);
    expect(within(dialog).getByRole('heading', { name: 'April 2026' })).toBeTruthy();
  });

  it("marks an event of several days on each of its days, and lists a selected day's events", async () => {
    const dialog = await openCalendar();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    const cells = within(grid(dialog));
    for (const day of ['Saturday, May 30, 2026', 'Sunday, May 31, 2026'])
      expect(cells.getByRole('gridcell', { name: `${day}, 1 event` })).toBeTruthy();
    expect(cells.getByRole('gridcell', { name: 'Friday, May 29, 2026' })).toBeTruthy();

    fireEvent.click(cells.getByRole('gridcell', { name: 'Saturday, May 2, 2026, 2 events' }));
    expect(
      cells.getByRole('gridcell', { name: 'Saturday, May 2, 2026, 2 events' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(monthList(dialog, 'Events on Saturday, May 2, 2026')).toEqual([
      'Lake SwimMay 2 – 3, 2026',
      'Night RunMay 2, 2026',
    ]);
    fireEvent.click(cells.getByRole('gridcell', { name: 'Sunday, May 31, 2026, 1 event' }));
    expect(monthList(dialog, 'Events on Sunday, May 31, 2026')).toEqual(['Alpine TrailMay 30 – Jun 2, 2026']);
    fireEvent.click(cells.getByRole('gridcell', { name: 'Monday, May 4, 2026' }));
    expect(within(dialog).getByText('No events on this day.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the whole month' }));
    expect(monthList(dialog, 'Events in May 2026')).toHaveLength(3);

    // the event goes on in June
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(
      within(grid(dialog)).getByRole('gridcell', { name: 'Tuesday, June 2, 2026, 1 event' }),
    ).toBeTruthy();
    expect(within(grid(dialog)).getByRole('gridcell', { name: 'Wednesday, June 3, 2026' })).toBeTruthy();
  });

  it('moves the focused day with the arrow keys, into the next month, and selects with Enter', async () => {
    const dialog = await openCalendar();
    const focused = () => document.activeElement?.getAttribute('data-day');
    // one day in the tab order: today
    const today = within(grid(dialog)).getByRole('gridcell', { name: 'Friday, April 3, 2026' });
    expect(today.tabIndex).toBe(0);
    expect(grid(dialog).querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    today.focus();

    fireEvent.keyDown(today, { key: 'ArrowRight' });
    await waitFor(() => expect(focused()).toBe('2026-04-04'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(focused()).toBe('2026-04-11'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(focused()).toBe('2026-04-12'));
    expect((document.activeElement as HTMLElement).tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(monthList(dialog, 'Events on Sunday, April 12, 2026')).toEqual(['Spring RunApr 12, 2026']);

    // past the end of the month: May comes into view
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(focused()).toBe('2026-05-03'));
    expect(within(dialog).getByRole('heading', { name: 'May 2026' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(monthList(dialog, 'Events on Sunday, May 3, 2026')).toEqual(['Lake SwimMay 2 – 3, 2026']);

    // Home goes to the start of the week, Page Up a month back; nothing before this month
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(focused()).toBe('2026-05-03'));
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    await waitFor(() => expect(focused()).toBe('2026-04-03'));
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    await waitFor(() => expect(focused()).toBe('2026-04-01'));
    expect(within(dialog).getByRole('heading', { name: 'April 2026' })).toBeTruthy();
  });
});
