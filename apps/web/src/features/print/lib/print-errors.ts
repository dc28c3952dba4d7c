import type { PrintProduct } from '@fotodrop/contract/api/print';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../shared/api/errors';
import { translateError, translateMessage } from '../../../shared/i18n/messages';

/**
 * What a refused configuration tells the user: each `data.fields` key of a validation error
 * (print.too_few_photos…, under `validation.` in the catalogues, with the product's photo limits),
 * a missing photo, or the error code's text.
 */
export function configurationErrors(
  t: TFunction,
  error: unknown,
  product: Pick<PrintProduct, 'min_photos' | 'max_photos'>,
): string[] {
  if (isApiError(error)) {
    const keys = Object.values(error.fieldErrors).flat();
    if (keys.length > 0)
      return [
        ...new Set(
          keys.map((key) =>
            translateMessage(t, key, {
              count: key === 'print.too_few_photos' ? product.min_photos : product.max_photos,
            }),
          ),
        ),
      ];
    // 404: a chosen photo is not in any of the user's albums any more
    if (error.status === 404) return [t('print.errors.photo_missing')];
  }
  return [translateError(t, error)];
}
