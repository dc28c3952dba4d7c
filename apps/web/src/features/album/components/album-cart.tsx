import './album-cart.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import type { Media } from '@fotodrop/contract/api/media';
import { formatMoney } from '@fotodrop/contract/rules/currency';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { singlePrice } from '../../../shared/utils/price-groups';
import { type AlbumCart, albumCart, type MediaCartState, mediaCartState, useCartItems } from '../../cart';
import { usePriceList } from '../hooks/use-album-scope';
import { albumSellsNow, listPricesType } from '../lib/cart-gating';
import { useFirstPhotosShown } from './first-photos';

export interface AlbumCartValue {
  checkin: Checkin;
  /** The gallery whose prices a pick added here uses: null = the album's own (the album screen). */
  galleryId: number | null;
  /** The album sells now (prices shown, purchasing open). */
  sellsNow: boolean;
  cart: AlbumCart;
  /** The album's lines and its prices are known (the cart and the price list answered). */
  loaded: boolean;
  /** The media can be put in the cart on its own. */
  canAdd: (media: Media) => boolean;
  /** What one media of its type costs alone, formatted; null when not known or not sold alone. */
  priceOf: (media: Media) => string | null;
}

const AlbumCartContext = createContext<AlbumCartValue | null>(null);
const EMPTY: AlbumCart = albumCart([], 0);

/**
 * The cart as the album screen sees it: the album's lines, and what may be bought. The viewer,
 * the tiles and the package banner read it; without this provider they show nothing of the cart.
 */
export function AlbumCartProvider({
  checkin,
  galleryId,
  children,
}: {
  checkin: Checkin;
  galleryId: number | null;
  children: ReactNode;
}) {
  const sellsNow = albumSellsNow(checkin);
  // what the cart buttons need waits for the first photos (the grid shows without them)
  const shown = useFirstPhotosShown();
  const items = useCartItems({ enabled: sellsNow && shown });
  const { language } = useTranslation();
  const priceList = usePriceList(checkin.id, galleryId ?? 0, { enabled: shown && checkin.show_prices });
  const priceItems = priceList?.items;
  const priceCurrency = priceList?.currency;
  const value = useMemo<AlbumCartValue>(() => {
    const cart = items.data ? albumCart(items.data, checkin.id) : EMPTY;
    return {
      checkin,
      galleryId,
      sellsNow,
      cart,
      loaded: items.data !== undefined && priceItems !== undefined,
      canAdd: (media) => sellsNow && !media.is_purchased && listPricesType(priceItems, media.type),
      priceOf: (media) => {
        if (!sellsNow || !priceItems || !priceCurrency) return null;
        const minor = singlePrice(priceItems, priceCurrency, media.type);
        return minor === null ? null : formatMoney(minor, priceCurrency, language);
      },
    };
  }, [checkin, galleryId, sellsNow, items.data, priceItems, priceCurrency, language]);
  return <AlbumCartContext.Provider value={value}>{children}</AlbumCartContext.Provider>;
}

export function useAlbumCart(): AlbumCartValue | null {
  return useContext(AlbumCartContext);
}

/** Whether a media is in the cart (bought media never are); null outside an album screen. */
export function useMediaCartState(media: Media): MediaCartState | null {
  const value = useAlbumCart();
  if (!value || media.is_purchased) return null;
  return mediaCartState(value.cart, media);
}
