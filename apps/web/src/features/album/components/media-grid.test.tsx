import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/setup';
import { makeMedia, makeMediaList, makeVideo } from '../test/fake-album';
import { gridLayout, INSERT_AFTER_ROWS, MediaGrid } from './media-grid';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('the photo grid', () => {
  it('keeps a bounded number of images in the document for 10,000 photos', async () => {
    const items = makeMediaList(10_000);
    render(<MediaGrid items={items} total={10_000} label="My photos" onOpen={() => {}} />);
    const list = screen.getByRole('list', { name: 'My photos' });
    const images = within(list).getAllByRole('img');
    expect(images.length).toBeGreaterThan(0);
    expect(images.length).toBeLessThanOrEqual(120);
    expect(images[0]!.getAttribute('alt')).toBe('Photo 1 of 10000');
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles[0]!.getAttribute('aria-setsize')).toBe('10000');
    // the list is as tall as all its rows, so the page scrolls as if they were all there
    const { columns, tile, gap } = gridLayout(window.innerWidth);
    expect(Number.parseFloat(list.style.height)).toBeCloseTo(Math.ceil(10_000 / columns) * (tile + gap), 0);

    // far down the page, other rows are there and still only a few
    await act(async () => {
      Object.defineProperty(window, 'scrollY', { value: 200_000, configurable: true, writable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    const later = within(list).getAllByRole('img');
    expect(later.length).toBeLessThanOrEqual(120);
    const first = Number(later[0]!.closest('[role="listitem"]')!.getAttribute('aria-posinset'));
    expect(first).toBeGreaterThan(5000);
    expect(within(list).queryByRole('img', { name: 'Photo 1 of 10000' })).toBeNull();
  });

  it('shows a video as its poster with a play symbol and its length, and names it as a video', () => {
    const items = [makeMedia(1), makeVideo(2, { thumbnail_url: 'https://cdn.example/2/poster' })];
    render(<MediaGrid items={items} total={2} label="My photos" onOpen={() => {}} />);
    const list = screen.getByRole('list', { name: 'My photos' });
    const video = within(list).getByRole('button', { name: 'Video 2 of 2, 1 minute, 15 seconds' });
    expect(within(video).getByRole('img').getAttribute('src')).toBe('https://cdn.example/2/poster');
    expect(video.textContent).toContain('1:15');
    // a photo has neither
    const photo = within(list).getByRole('button', { name: 'Photo 1 of 2' });
    expect(photo.textContent).toBe('');
  });

  it('puts the banners after the first rows, in the page and in the reading order', () => {
    const items = makeMediaList(60);
    render(
      <MediaGrid
        items={items}
        total={60}
        label="My photos"
        onOpen={() => {}}
        insert={<section aria-label="Buy the whole album" />}
      />,
    );
    const { columns } = gridLayout(window.innerWidth);
    const first = screen.getByRole('list', { name: 'My photos' });
    expect(within(first).getAllByRole('listitem')).toHaveLength(INSERT_AFTER_ROWS * columns);
    const banner = screen.getByRole('region', { name: 'Buy the whole album' });
    const rest = screen.getByRole('list', { name: 'My photos, continued' });
    // first rows, then the banner, then the rest of the photos
    expect(first.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.compareDocumentPosition(rest) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const next = within(rest).getAllByRole('listitem')[0]!;
    expect(next.getAttribute('aria-posinset')).toBe(String(INSERT_AFTER_ROWS * columns + 1));
    expect(within(next).getByRole('img').getAttribute('alt')).toBe(
      `Photo ${INSERT_AFTER_ROWS * columns + 1} of 60`,
    );
  });

  it('puts the banners after a list shorter than the first rows', () => {
    render(
      <MediaGrid
        items={makeMediaList(2)}
        total={2}
        label="My photos"
        onOpen={() => {}}
        insert={<section aria-label="Buy the whole album" />}
      />,
    );
    expect(screen.getAllByRole('list')).toHaveLength(1);
    const list = screen.getByRole('list', { name: 'My photos' });
    const banner = screen.getByRole('region', { name: 'Buy the whole album' });
    expect(list.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lays thumbnails out in 3 columns on a phone and more on wider screens', () => {
    expect(gridLayout(358).columns).toBe(3);
    expect(gridLayout(1152).columns).toBe(7);
    expect(gridLayout(10_000).columns).toBe(8);
  });
});
