import { useTranslation } from '../../../shared/i18n/use-translation';
import { Spinner } from '../../../shared/ui/spinner';

/** While the server confirms a payment the provider sent the browser back from. */
export function ReturnProgress() {
  const { t } = useTranslation();
  return (
    <div className="return-progress">
      <Spinner size="lg" />
      <p role="status">{t('checkout.complete.confirming')}</p>
    </div>
  );
}
