import './print.css';
import type { PrintProduct } from '@fotodrop/contract/api/print';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { usePrintProducts, useProductFamilies } from '../api/print-queries';
import { ProductCard } from '../components/product-card';
import { useCheckinParam } from '../hooks/use-checkin-param';

/**
 * /print — the print product chooser (albums spec §2): each family a section, each product a card
 * leading to its configuration. With `?checkin_id=` (the album's print banner) it shows that album's
 * organisation's offer, and the product it opens keeps the album.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('print.chooser.title'));
  const families = useProductFamilies();
  const checkinId = useCheckinParam();
  const products = usePrintProducts({ checkinId });

  let body: ReactNode;
  if (families.isPending || products.isPending) body = <Spinner label={t('print.chooser.loading')} />;
  else if (families.isError || products.isError)
    body = (
      <Alert tone="error" title={t('print.chooser.load_failed')}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void families.refetch();
            void products.refetch();
          }}
        >
          {t('checkins.list.retry')}
        </Button>
      </Alert>
    );
  else {
    const byFamily = new Map<number, PrintProduct[]>();
    for (const product of products.data)
      byFamily.set(product.family_id, [...(byFamily.get(product.family_id) ?? []), product]);
    const sections = families.data.filter((family) => byFamily.has(family.id));
    body =
      sections.length === 0 ? (
        <p className="print-empty">{t('print.chooser.empty')}</p>
      ) : (
        sections.map((family) => (
          <section key={family.id} className="print-family" aria-labelledby={`print-family-${family.id}`}>
            <h2 id={`print-family-${family.id}`}>{family.title}</h2>
            {family.description && <p className="print-family-text">{family.description}</p>}
            <ul className="print-products" aria-labelledby={`print-family-${family.id}`}>
              {byFamily.get(family.id)!.map((product) => (
                <ProductCard key={product.id} product={product} checkinId={checkinId} />
              ))}
            </ul>
          </section>
        ))
      );
  }

  return (
    <div className="page container print-page">
      <h1>{t('print.chooser.title')}</h1>
      <p className="print-lead">{t('print.chooser.lead')}</p>
      {body}
    </div>
  );
}
