import './album-status.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { usePriceList } from '../hooks/use-album-scope';
import { AlbumCartProvider } from './album-cart';
import { PackageBanner } from './package-banner';

/**
 * Before the photos — the event not started, or its photos on their way — the packages on
 * pre-sale (issue 19), which cover the photos to come; nothing when none is (the server says which,
 * by `prepurchase_price`, only while the pre-sale runs).
 */
export function PresaleBanner({ checkin }: { checkin: Checkin }) {
  return (
    <AlbumCartProvider checkin={checkin} galleryId={null}>
      <PresaleOffers checkin={checkin} />
    </AlbumCartProvider>
  );
}

function PresaleOffers({ checkin }: { checkin: Checkin }) {
  const prices = usePriceList(checkin.id, 0, { enabled: checkin.show_prices });
  const presale = prices?.packages.filter((offer) => offer.prepurchase_price != null) ?? [];
  if (!prices || presale.length === 0) return null;
  return (
    <div className="album-presale">
      <PackageBanner packages={presale} items={prices.items} currency={prices.currency} />
    </div>
  );
}
