import './video.css';
import type { Media } from '@fotodrop/contract/api/media';
import { MOBILE_MAX_WIDTH_PX } from '@fotodrop/contract/constants';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useElementWidth } from '../hooks/use-element-width';
import { formatDuration, spokenDuration } from '../lib/video';
import { useMediaCartState } from './album-cart';
import { FavouriteButton } from './favourite-button';
import { ICONS, Icon } from './lightbox-icons';

/** Smallest tile edge: 3 columns on a phone, 6–7 on a laptop. */
const MIN_TILE_PX = 150;
const MIN_COLUMNS = 3;
const MAX_COLUMNS = 8;
/** Rows rendered above and below the visible ones. */
const OVERSCAN_ROWS = 3;

export function gridLayout(width: number): { columns: number; gap: number; tile: number } {
  const gap = width <= MOBILE_MAX_WIDTH_PX ? 4 : 8;
  const columns = Math.min(
    MAX_COLUMNS,
    Math.max(MIN_COLUMNS, Math.floor((width + gap) / (MIN_TILE_PX + gap))),
  );
  const tile = Math.max(1, (width - gap * (columns - 1)) / columns);
  return { columns, gap, tile };
}

/** A tile's or the viewer's accessible name: photo or video, its number, and a video's length. */
export function mediaAlt(t: TFunction, language: string, media: Media, n: number, total: number): string {
  if (media.type !== 'video') return t('album.grid.photo_alt', { number: n, total });
  if (media.duration_seconds === null) return t('album.grid.video_alt', { number: n, total });
  const duration = spokenDuration(media.duration_seconds, language);
  return t('album.grid.video_alt_duration', { number: n, total, duration });
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
}

/**
 * A grid of square thumbnails in rows, virtualised against the window scroll: however long the
 * list, only the rows on screen (plus a few) are in the document. Images load lazily and carry
 * their width and height, so nothing shifts while they arrive.
 */
export function MediaGrid({
  items,
  total,
  offset = 0,
  label,
  onOpen,
  onFavouriteFailed,
  focusRequest,
}: MediaGridProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(listRef);
  const { columns, gap, tile } = gridLayout(width);
  const rowCount = Math.ceil(items.length / columns);
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
    estimateSize: () => tile + gap,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  useEffect(() => {
    if (tile > 0) virtualizer.measure();
  }, [virtualizer, tile]);

  useEffect(() => {
    if (!focusRequest) return;
    const { index } = focusRequest;
    virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' });
    const frame = requestAnimationFrame(() => {
      listRef.current?.querySelector<HTMLElement>(`[data-media-index="${index}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, virtualizer, columns]);

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
        const start = row.index * columns;
        return (
          <div
            key={row.key}
            role="none"
            className="media-grid-row"
            style={{
              transform: `translateY(${row.start - scrollMargin}px)`,
              height: tile,
              gap,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {items.slice(start, start + columns).map((media, i) => (
              <MediaTile
                key={media.id}
                media={media}
                index={start + i}
                total={total}
                offset={offset}
                onOpen={onOpen}
                onFavouriteFailed={onFavouriteFailed}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}

/** A video tile's play symbol and length (m:ss); the tile's name says both in words. */
function VideoBadge({ seconds }: { seconds: number | null }) {
  return (
    <>
      <span className="media-tile-play" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
        </svg>
      </span>
      {seconds !== null && (
        <span className="media-tile-badge" aria-hidden="true">
          {formatDuration(seconds)}
        </span>
      )}
    </>
  );
}

/** The tile's "in cart" mark (a pick or a package line holds the media). */
function CartMark({ media }: { media: Media }) {
  const { t } = useTranslation();
  const state = useMediaCartState(media);
  if (!state || state.kind === 'none') return null;
  return (
    <span className="media-tile-cart" role="img" aria-label={t('album.cart.in_cart_mark')}>
      <Icon d={ICONS.cart} size={16} />
    </span>
  );
}

/** One thumbnail: a button opening the viewer, the favourite heart beside it, and the cart mark. */
export function MediaTile({
  media,
  index,
  total,
  onOpen,
  onFavouriteFailed,
  offset = 0,
  as: Tag = 'div',
}: {
  media: Media;
  index: number;
  total: number;
  offset?: number;
  onOpen: (index: number) => void;
  onFavouriteFailed?: () => void;
  as?: 'div' | 'li';
}) {
  const { t, language } = useTranslation();
  const number = offset + index + 1;
  const listItem = Tag === 'div' ? { role: 'listitem', 'aria-setsize': total, 'aria-posinset': number } : {};
  return (
    <Tag {...listItem} className="media-tile">
      <button
        type="button"
        className="media-tile-open"
        data-media-index={index}
        onClick={() => onOpen(index)}
      >
        <img
          src={media.thumbnail_url}
          alt={mediaAlt(t, language, media, number, total)}
          width={media.width}
          height={media.height}
          loading="lazy"
          decoding="async"
          draggable={false}
        />
        {media.type === 'video' && <VideoBadge seconds={media.duration_seconds} />}
      </button>
      <FavouriteButton media={media} className="media-tile-fav" onFailed={onFavouriteFailed} />
      <CartMark media={media} />
    </Tag>
  );
}
