import type { Media } from '@fotodrop/contract/api/media';
import { type RefObject, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { useCreateDigitalItem } from '../../cart';
import { toggleFavourite } from '../api/album-mutations';
import { useAlbumCart } from './album-cart';
import { ICONS, Icon } from './lightbox-icons';
import { mediaToAdd, mediaToFavour } from './select-actions';

/** Plural keys: the catalogues hold count_one, _other (and _two, _few, _many… per language). */
const COUNT = 'album.select.count';
const ADDED_TO_CART = 'album.select.added_to_cart';
const ADDED_TO_FAVOURITES = 'album.select.added_to_favourites';
const FAVOURITES_FAILED = 'album.select.favourites_failed';

/**
 * The bar of select mode, in place of the toolbar while photos are being picked: how many are
 * selected, "Add to cart" (one call for all of them; only where the album sells), "Add to
 * favourites" and Cancel. Each action ends select mode when it worked and says what it did.
 */
export function SelectBar({
  selected,
  cancelRef,
  onDone,
  say,
  onCartError,
}: {
  selected: readonly Media[];
  cancelRef: RefObject<HTMLButtonElement | null>;
  onDone: () => void;
  say: (text: string) => void;
  onCartError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const value = useAlbumCart();
  const create = useCreateDigitalItem();
  const [favouring, setFavouring] = useState(false);
  const count = selected.length;

  const addToCart = () => {
    if (!value) return;
    const media = mediaToAdd(value, selected);
    if (media.length === 0) {
      say(t('album.select.nothing_to_add'));
      return;
    }
    create.mutate(
      {
        checkin_id: value.checkin.id,
        gallery_id: value.galleryId,
        order_type: 'PHOTOLIST',
        media_ids: media.map((m) => m.id),
      },
      {
        onSuccess: () => {
          say(t(ADDED_TO_CART, { count: media.length }));
          onDone();
        },
        onError: onCartError,
      },
    );
  };

  const addToFavourites = async () => {
    const media = mediaToFavour(selected);
    setFavouring(true);
    // one call per photo (the API favours one at a time); each shows at once, undone if refused
    const results = await Promise.all(media.map((m) => toggleFavourite(value?.checkin.id ?? null, m, true)));
    setFavouring(false);
    const failed = results.filter((ok) => !ok).length;
    if (failed > 0) {
      say(t(FAVOURITES_FAILED, { count: failed }));
      return;
    }
    say(t(ADDED_TO_FAVOURITES, { count }));
    onDone();
  };

  return (
    <section className="select-bar" aria-label={t('album.select.label')}>
      <button ref={cancelRef} type="button" className="btn btn-ghost btn-sm select-cancel" onClick={onDone}>
        <Icon d={ICONS.close} size={18} />
        {t('album.select.cancel')}
      </button>
      <p className="select-count" aria-live="polite">
        {count === 0 ? t('album.select.hint') : t(COUNT, { count })}
      </p>
      <div className="select-actions">
        <Button
          variant="secondary"
          size="sm"
          disabled={count === 0 || create.isPending}
          loading={favouring}
          onClick={() => void addToFavourites()}
        >
          {t('album.select.favourite')}
        </Button>
        {value?.sellsNow && (
          <Button
            size="sm"
            // until the cart and the prices answered, what the selection adds is not known yet
            disabled={count === 0 || favouring || !value.loaded}
            loading={create.isPending}
            onClick={addToCart}
          >
            {t('album.select.add_to_cart')}
          </Button>
        )}
      </div>
    </section>
  );
}
