import './video.css';
import type { Media } from '@fotodrop/contract/api/media';
import { MOBILE_MAX_WIDTH_PX } from '@fotodrop/contract/constants';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useElementWidth } from '../hooks/use-element-width';
import { MediaTile } from './media-tile';

/** Smallest tile edge: 3 columns on a phone, 6–7 on a laptop. */
const MIN_TILE_PX = 150;
const MIN_COLUMNS = 3;
const MAX_COLUMNS = 8;
/** Rows rendered above and below the visible ones. */
const OVERSCAN_ROWS = 3;
/** Rows whose images load at once, with high priority: a phone's first screen (issue 20). */
const FIRST_SCREEN_ROWS = 2;
/** decision: the album's sales banners come after this many rows of photos (issue 8, photos first). */
export const INSERT_AFTER_ROWS = 2;

/** How many tiles the first screen shows (its first rows): they load at once, with high priority. */
export function firstScreenTiles(width: number): number {
  return FIRST_SCREEN_ROWS * gridLayout(width).columns;
}

export function gridLayout(width: number): { columns: number; gap: number; tile: number } {
  const gap = width <= MOBILE_MAX_WIDTH_PX ? 4 : 8;
  const columns = Math.min(
    MAX_COLUMNS,
    Math.max(MIN_COLUMNS, Math.floor((width + gap) / (MIN_TILE_PX + gap))),
  );
  const tile = Math.max(1, (width - gap * (columns - 1)) / columns);
  return { columns, gap, tile };
}

interface MediaGridProps {
  items: readonly Media[];
  /** All media of the list (more than `items` while pages are still to load). */
  total: number;
  /** Position of the first item in the whole list (numbered pages), for the photos' numbers. */
  offset?: number;
  /** Accessible name of the list. */
  label: string;
  onOpen: (index: number) => void;
  onFavouriteFailed?: () => void;
  /** Scrolls to this index and focuses its tile (after the viewer closed); change `nonce` to repeat. */
  focusRequest?: { index: number; nonce: number } | null;
  /** Shown after the first INSERT_AFTER_ROWS rows (after the list when it is shorter). */
  insert?: ReactNode;
}

/**
 * A grid of square thumbnails in rows, virtualised against the window scroll: however long the
 * list, only the rows on screen (plus a few) are in the document. Images load lazily and carry
 * their width and height, so nothing shifts while they arrive. With an `insert`, the first rows
 * are a list of their own, the insert follows them in the page and in the reading order, and the
 * rest is the virtualised list ("more photos").
 */
export function MediaGrid({
  items,
  total,
  offset = 0,
  label,
  onOpen,
  onFavouriteFailed,
  focusRequest,
  insert,
}: MediaGridProps) {
  const { t } = useTranslation();
  const wrapRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(wrapRef);
  const layout = gridLayout(width);
  const head = insert === undefined ? 0 : Math.min(items.length, INSERT_AFTER_ROWS * layout.columns);
  const tile = (media: Media, index: number) => (
    <MediaTile
      key={media.id}
      media={media}
      index={index}
      total={total}
      offset={offset}
      first={offset === 0 && index < firstScreenTiles(width)}
      onOpen={onOpen}
      onFavouriteFailed={onFavouriteFailed}
    />
  );

  // a tile of the first rows is always in the document: focus it (the rest scroll first)
  useEffect(() => {
    if (!focusRequest || focusRequest.index >= head) return;
    wrapRef.current?.querySelector<HTMLElement>(`[data-media-index="${focusRequest.index}"]`)?.focus();
  }, [focusRequest, head]);

  return (
    <div ref={wrapRef} className="media-grid-wrap">
      {head > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: same list semantics as the virtualised rows below
        <div
          role="list"
          aria-label={label}
          className="media-grid-head"
          style={{
            gap: layout.gap,
            marginBottom: layout.gap,
            gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`,
          }}
        >
          {items.slice(0, head).map((media, i) => tile(media, i))}
        </div>
      )}
      {insert}
      {items.length > head && (
        <VirtualRows
          items={items}
          from={head}
          layout={layout}
          label={head > 0 ? t('album.grid.more_label', { label }) : label}
          tile={tile}
          focusRequest={focusRequest}
        />
      )}
    </div>
  );
}

/** The items from `from` on, in rows of which only those near the screen are rendered. */
function VirtualRows({
  items,
  from,
  layout,
  label,
  tile,
  focusRequest,
}: {
  items: readonly Media[];
  from: number;
  layout: { columns: number; gap: number; tile: number };
  label: string;
  tile: (media: Media, index: number) => ReactNode;
  focusRequest?: { index: number; nonce: number } | null;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const { columns, gap, tile: size } = layout;
  const rowCount = Math.ceil((items.length - from) / columns);
  const [scrollMargin, setScrollMargin] = useState(0);

  // the list's distance from the top of the page (content above it may load later and move it)
  useLayoutEffect(() => {
    const node = listRef.current;
    if (!node) return;
    let top = 0;
    for (let el: HTMLElement | null = node; el; el = el.offsetParent as HTMLElement | null)
      top += el.offsetTop;
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => size + gap,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  useEffect(() => {
    if (size > 0) virtualizer.measure();
  }, [virtualizer, size]);

  useEffect(() => {
    if (!focusRequest || focusRequest.index < from) return;
    const { index } = focusRequest;
    virtualizer.scrollToIndex(Math.floor((index - from) / columns), { align: 'auto' });
    const frame = requestAnimationFrame(() => {
      listRef.current?.querySelector<HTMLElement>(`[data-media-index="${index}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, virtualizer, columns, from]);

  return (
    // rows of a virtualised list are positioned wrappers (role none): a list of divs, not ul / li
    // biome-ignore lint/a11y/useSemanticElements: the tiles sit in row wrappers, which ul does not allow
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      className="media-grid"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const start = from + row.index * columns;
        return (
          <div
            key={row.key}
            role="none"
            className="media-grid-row"
            style={{
              transform: `translateY(${row.start - scrollMargin}px)`,
              height: size,
              gap,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {items.slice(start, start + columns).map((media, i) => tile(media, start + i))}
          </div>
        );
      })}
    </div>
  );
}
