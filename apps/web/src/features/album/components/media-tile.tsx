import type { Media } from '@fotodrop/contract/api/media';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation';
import './purchases.css';
import { formatDuration, spokenDuration } from '../lib/video';
import { useMediaCartState } from './album-cart';
import { FavouriteButton } from './favourite-button';
import { ICONS, Icon } from './lightbox-icons';
import { useLongPress, useSelection } from './selection';

/** A tile's or the viewer's accessible name: photo or video, its number, and a video's length. */
export function mediaAlt(t: TFunction, language: string, media: Media, n: number, total: number): string {
  if (media.type !== 'video') return t('album.grid.photo_alt', { number: n, total });
  if (media.duration_seconds === null) return t('album.grid.video_alt', { number: n, total });
  const duration = spokenDuration(media.duration_seconds, language);
  return t('album.grid.video_alt_duration', { number: n, total, duration });
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

/** The tile's "purchased" mark: the media is the user's (its clean preview, its download). */
function PurchasedMark() {
  const { t } = useTranslation();
  return (
    <span className="media-tile-bought">
      <Icon d={ICONS.check} size={14} />
      <span>{t('album.purchased.badge')}</span>
    </span>
  );
}

/**
 * One thumbnail: a button opening the viewer, the favourite heart beside it, and the cart or
 * purchased mark.
 * In select mode (inside a list's selection) the button picks the media instead (aria-pressed,
 * a check mark); a long press on a touch screen enters select mode with this media.
 */
export function MediaTile({
  media,
  index,
  total,
  onOpen,
  onFavouriteFailed,
  offset = 0,
  first = false,
  as: Tag = 'div',
}: {
  media: Media;
  index: number;
  total: number;
  offset?: number;
  /**
   * A tile of the first screen: its image loads at once with high priority instead of lazily
   * (a lazy image waits for layout, and Chromium starts it behind the page's scripts and calls).
   */
  first?: boolean;
  onOpen: (index: number) => void;
  onFavouriteFailed?: () => void;
  as?: 'div' | 'li';
}) {
  const { t, language } = useTranslation();
  const selection = useSelection();
  const longPress = useLongPress(selection && !selection.active ? () => selection.startWith(media.id) : null);
  const touch = selection ? longPress : null;
  const number = offset + index + 1;
  const listItem = Tag === 'div' ? { role: 'listitem', 'aria-setsize': total, 'aria-posinset': number } : {};
  const selecting = selection?.active ?? false;
  const selected = selecting && (selection?.ids.has(media.id) ?? false);
  const onClick = () => {
    if (selection?.active) selection.toggle(media.id);
    else onOpen(index);
  };
  return (
    <Tag
      {...listItem}
      className={`media-tile${selecting ? ' is-selecting' : ''}${selected ? ' is-selected' : ''}`}
    >
      <button
        type="button"
        className="media-tile-open"
        data-media-index={index}
        aria-pressed={selecting ? selected : undefined}
        onClick={onClick}
        onPointerDown={touch?.onPointerDown}
        onPointerMove={touch?.onPointerMove}
        onPointerUp={touch?.onPointerUp}
        onPointerCancel={touch?.onPointerCancel}
        onContextMenu={touch?.onContextMenu}
      >
        <img
          src={media.thumbnail_url}
          alt={mediaAlt(t, language, media, number, total)}
          width={media.width}
          height={media.height}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
        />
        {media.type === 'video' && <VideoBadge seconds={media.duration_seconds} />}
        {selecting && (
          <span className="media-tile-check" aria-hidden="true">
            <Icon d={ICONS.check} size={18} />
          </span>
        )}
      </button>
      {!selecting && (
        <FavouriteButton media={media} className="media-tile-fav" onFailed={onFavouriteFailed} />
      )}
      {media.is_purchased ? <PurchasedMark /> : <CartMark media={media} />}
    </Tag>
  );
}
