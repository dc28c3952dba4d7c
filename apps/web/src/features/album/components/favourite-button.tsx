import type { Media } from '@fotodrop/contract/api/media';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { toggleFavourite } from '../api/album-mutations';
import { useFavouritePending } from '../store/favourite-pending';
import { useAlbumCart } from './album-cart';

/**
 * The heart of a photo: "Add to favourites" / "Remove from favourites". The change shows at once
 * and is undone when the server refuses it (albums spec §4); `onFailed` tells the user.
 */
export function FavouriteButton({
  media,
  className = '',
  onFailed,
}: {
  media: Media;
  className?: string;
  onFailed?: () => void;
}) {
  const { t } = useTranslation();
  const busy = useFavouritePending((s) => s.ids.has(media.id));
  const checkinId = useAlbumCart()?.checkin.id ?? null;
  const on = media.favorite;
  return (
    <button
      type="button"
      className={`favourite-btn ${on ? 'is-on' : ''} ${className}`}
      aria-label={on ? t('album.favourite.remove') : t('album.favourite.add')}
      aria-busy={busy || undefined}
      onClick={() => {
        if (busy) return;
        void toggleFavourite(checkinId, media, !on).then((ok) => {
          if (!ok) onFailed?.();
        });
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
