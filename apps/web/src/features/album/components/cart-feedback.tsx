import type { ErrorCode } from '@fotodrop/contract/errors';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CurrencyMismatchDialog } from '../../cart';

// type-only import of the codes, as in the API client: the errors module builds zod schemas
const CURRENCY_MISMATCH: ErrorCode = 'currency_mismatch';

/**
 * What a refused cart change tells the user: another currency in the cart opens the "currency
 * mismatch" modal (albums spec §8); anything else (not for sale, a failure) is a short message.
 */
export function useCartFeedback(say: (text: string) => void) {
  const { t } = useTranslation();
  const [mismatch, setMismatch] = useState(false);
  const onError = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.code === CURRENCY_MISMATCH) setMismatch(true);
      else say(translateError(t, error));
    },
    [say, t],
  );
  const dialog = <CurrencyMismatchDialog open={mismatch} onClose={() => setMismatch(false)} />;
  return { onError, dialog, dialogOpen: mismatch };
}
