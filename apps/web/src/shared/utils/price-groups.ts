import type { PriceListItem } from '@fotodrop/contract/api/galleries';
import type { MediaType } from '@fotodrop/contract/constants';
import { normalizePriceList, type PriceBundle } from '@fotodrop/contract/rules/price-list';

export interface PriceGroup {
  mediaType: MediaType;
  /** Range lists price each unit; bundle lists price the whole bundle. */
  perUnit: boolean;
  bundles: (PriceBundle & { from: number; to: number | null; range: boolean })[];
}

const KEY = /^(\d+)(?:-(\d+)|(\+))?$/;

/** The price list in groups per media type (photos first), each normalised by the contract rule. */
export function priceGroups(items: readonly PriceListItem[], currency: string): PriceGroup[] {
  const types: MediaType[] = ['photo', 'video'];
  return types
    .map((mediaType) => {
      const own = items.filter((item) => item.media_type === mediaType);
      const perUnit = own.some((item) => item.from_qty !== null);
      const bundles = normalizePriceList(own, currency).map((bundle) => {
        const [, from = '1', to, open] = KEY.exec(bundle.key) ?? [];
        return {
          ...bundle,
          from: Number(from),
          to: open ? null : to ? Number(to) : Number(from),
          range: !!(to || open),
        };
      });
      return { mediaType, perUnit, bundles };
    })
    .filter((group) => group.bundles.length > 0);
}

/**
 * decision: what one media of a type costs on its own, in minor units: the bundle or range that
 * starts at one (volume lists price their first range each, bundle lists their single item).
 * null when the list does not sell one alone (no such bundle) or does not price the type.
 */
export function singlePrice(
  items: readonly PriceListItem[],
  currency: string,
  mediaType: MediaType,
): number | null {
  const group = priceGroups(items, currency).find((g) => g.mediaType === mediaType);
  return group?.bundles.find((bundle) => bundle.from === 1)?.price ?? null;
}
