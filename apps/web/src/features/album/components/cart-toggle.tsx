import type { Media } from '@fotodrop/contract/api/media';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';
import { useChangeItemMedias, useCreateDigitalItem } from '../../cart';
import { useAlbumCart, useMediaCartState } from './album-cart';
import { ICONS, Icon } from './lightbox-icons';

/**
 * The viewer's cart button for the media shown: "Add to cart — €9.90" (the price of one photo of
 * its type alone, when the list has one), then "In cart" (pressing it again
 * takes the media out); media bought by a package line say so and are not removable one by one.
 * Give it `key={media.id}`, so a change under way belongs to its media.
 */
export function CartToggle({ media, onError }: { media: Media; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  const value = useAlbumCart();
  const state = useMediaCartState(media);
  const create = useCreateDigitalItem();
  const change = useChangeItemMedias();
  if (!value || !state || !value.loaded || !value.canAdd(media)) return null;

  if (state.kind === 'package') {
    return (
      <p className="lightbox-cart is-package">
        <Icon d={ICONS.cart} />
        {t('album.cart.in_package')}
      </p>
    );
  }
  const busy = create.isPending || change.isPending;
  const toggle = () => {
    if (busy) return;
    if (state.kind === 'pick')
      change.mutate({ id: state.itemId, change: 'remove', mediaIds: [media.id] }, { onError });
    else
      create.mutate(
        {
          checkin_id: value.checkin.id,
          gallery_id: value.galleryId,
          order_type: 'PHOTOLIST',
          media_ids: [media.id],
        },
        { onError },
      );
  };
  const inCart = state.kind === 'pick';
  // decision: the price of one photo alone (the list's single price), as the button says it
  const price = value.priceOf(media);
  return (
    <>
      <button
        type="button"
        className={`lightbox-cart${inCart ? ' is-on' : ''}`}
        aria-describedby={inCart ? hintId : undefined}
        aria-busy={busy || undefined}
        onClick={toggle}
      >
        {busy ? <Spinner size="sm" /> : <Icon d={inCart ? ICONS.check : ICONS.cart} />}
        {inCart
          ? t('album.cart.in_cart')
          : price
            ? t('album.cart.add_price', { price })
            : t('album.cart.add')}
      </button>
      {inCart && (
        <span id={hintId} className="visually-hidden">
          {t('album.cart.remove_hint')}
        </span>
      )}
    </>
  );
}
