import type { PrintProduct } from '@fotodrop/contract/api/print';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PLURAL } from '../lib/plural-keys';
import { showPrice } from '../lib/print-format';
import { type SelectionSummary, takesCopies } from '../lib/selection';
import type { Variant } from '../lib/variants';

/**
 * The configuration's summary beside the choices (a bar at the bottom on phones): how many photos
 * of how many are chosen, the variant's price, the server's total, refusals, and "Add to cart".
 */
export function ConfigureSummary({
  product,
  variant,
  summary,
  total,
  pricing,
  errors,
  adding,
  onAdd,
}: {
  product: PrintProduct;
  /** The chosen options' variant (null: that combination does not exist). */
  variant: Variant | null;
  summary: SelectionSummary;
  /** The server's total for the current configuration, when it has one. */
  total: string | null;
  /** A price is being fetched. */
  pricing: boolean;
  errors: readonly string[];
  adding: boolean;
  onAdd: () => void;
}) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const money = (amount: string) => showPrice(amount, product.currency, language);
  const exact = product.min_photos === product.max_photos;
  const copies = takesCopies(product);
  const canAdd = variant !== null && summary.complete && errors.length === 0 && total !== null && !pricing;
  return (
    <section className="print-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('print.summary.title')}
      </h2>
      <p className={`print-counter${summary.complete ? ' is-complete' : ''}`} aria-live="polite">
        {exact
          ? t(PLURAL.counterExact, { chosen: summary.photos, count: product.max_photos })
          : t(PLURAL.counterRange, { chosen: summary.photos, count: product.max_photos })}
        {copies && summary.photos > 0 && (
          <span className="print-counter-copies">
            {' · '}
            {t(PLURAL.copies, { count: summary.copies })}
          </span>
        )}
      </p>
      <dl className="print-figures">
        <div>
          <dt>{copies ? t('print.summary.unit_price') : t('print.summary.price')}</dt>
          <dd>{variant ? money(variant.price) : '—'}</dd>
        </div>
        <div className="print-figures-total">
          <dt>{t('print.summary.total')}</dt>
          <dd aria-busy={pricing || undefined}>{total !== null ? money(total) : '—'}</dd>
        </div>
      </dl>
      {variant === null && <Alert tone="warning">{t('validation.print.variant_unavailable')}</Alert>}
      {errors.length > 0 && (
        <Alert tone="error">
          {errors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </Alert>
      )}
      <Button block loading={adding} disabled={!canAdd} onClick={onAdd}>
        {t('print.summary.add')}
      </Button>
      <p className="print-summary-note">{t('album.prices.vat')}</p>
    </section>
  );
}
