import { useQuery, useQueryClient } from '@tanstack/react-query';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { PriceListForm } from './price-list-form';
import { eventPriceListQuery, pricesKeys, putEventPriceList } from './prices-api';

/** The event's own list and packages: what every gallery without its own list sells at. */
export function EventPrices({
  slug,
  canManage,
  version,
}: {
  slug: string;
  canManage: boolean;
  /** Changes when the list changed elsewhere (a sheet applied): the form starts again from it. */
  version: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(eventPriceListQuery(slug));
  return (
    <section className="card console-card" aria-labelledby="prices-event">
      <h2 id="prices-event">{t('organiser.prices.event_title')}</h2>
      <p className="field-hint">{t('organiser.prices.event_hint')}</p>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : (
        <PriceListForm
          key={version}
          items={list.data.items}
          packages={list.data.packages}
          currency={list.data.currency}
          withPackages
          canManage={canManage}
          saveLabel={t('organiser.prices.save_event')}
          onSave={async (body) => {
            const saved = await putEventPriceList(slug, body);
            queryClient.setQueryData(pricesKeys.event(slug), saved);
            await queryClient.invalidateQueries({ queryKey: [...pricesKeys.all(slug), 'gallery'] });
          }}
        />
      )}
    </section>
  );
}
