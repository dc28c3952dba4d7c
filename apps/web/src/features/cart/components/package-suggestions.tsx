import type { PackageSuggestion } from '@fotodrop/contract/api/cart';
import type { PackageOrderType } from '@fotodrop/contract/constants';
import { useId } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useCreateDigitalItem } from '../api/cart-mutations';
import { showMoney } from '../lib/cart-format';

const TITLES: Record<PackageOrderType, string> = {
  ALL_PHOTOS: 'album.packages.all_photos',
  PHOTOS_AND_VIDEOS: 'album.packages.photos_and_videos',
  VIDEOS: 'album.packages.videos',
};

/**
 * The cart's package suggestion (issue 17): per album whose picks cost more than its whole-album
 * package, the package, what it saves and one button that switches to it (the package replaces the
 * picks it covers). Every figure is the server's (GET /v1/cart/ `package_suggestions`).
 */
export function PackageSuggestions({
  suggestions,
  currency,
}: {
  suggestions: readonly PackageSuggestion[];
  currency: string | null;
}) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const create = useCreateDigitalItem();
  if (suggestions.length === 0 || currency === null) return null;
  const money = (amount: string) => showMoney(amount, currency, language);
  return (
    <section className="cart-suggestions" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('cart.suggestion.title')}</h2>
      {create.isError && <Alert tone="error">{translateError(t, create.error)}</Alert>}
      <ul>
        {suggestions.map((s) => (
          <li key={s.checkin_id} className="cart-suggestion">
            <div>
              <p className="cart-suggestion-offer">
                <strong>{t(TITLES[s.order_type], { price: money(s.price) })}</strong>
              </p>
              <p className="cart-line-what">
                {s.event_name} · {t('cart.suggestion.count', { count: s.media_count })}
              </p>
              <p className="cart-suggestion-saving">
                {t('cart.suggestion.saving', { saving: money(s.saving), picked: money(s.picks_total) })}
              </p>
            </div>
            <Button
              size="sm"
              loading={create.isPending && create.variables?.checkin_id === s.checkin_id}
              disabled={create.isPending}
              onClick={() =>
                create.mutate({
                  checkin_id: s.checkin_id,
                  gallery_id: null,
                  order_type: s.order_type,
                  media_ids: [],
                })
              }
            >
              {t('cart.suggestion.switch')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
