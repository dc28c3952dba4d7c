import './print.css';
import type { PrintProduct } from '@fotodrop/contract/api/print';
import type { ErrorCode } from '@fotodrop/contract/errors';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { CurrencyMismatchDialog } from '../../cart';
import type { Configuration } from '../api/print-api';
import { useAddPrintToCart } from '../api/print-mutations';
import { usePrintPrice, usePrintProduct } from '../api/print-queries';
import { ConfigureSummary } from '../components/configure-summary';
import { OptionGroups } from '../components/option-groups';
import { PhotoChooser } from '../components/photo-chooser';
import { useCheckinParam } from '../hooks/use-checkin-param';
import { useDebounced } from '../hooks/use-debounced';
import { type PrintPhotos, usePrintPhotos } from '../hooks/use-print-photos';
import { PLURAL } from '../lib/plural-keys';
import { configurationErrors } from '../lib/print-errors';
import { keepOffered, type Selection, selectionPhotos, summarise } from '../lib/selection';
import { choiceIds, defaultChoice, type OptionChoice, variantFor } from '../lib/variants';

// type-only import of the codes, as in the API client: the errors module builds zod schemas
const CURRENCY_MISMATCH: ErrorCode = 'currency_mismatch';

/** Quick changes (stepper clicks) settle this long before the price is asked again. */
const PRICE_DEBOUNCE_MS = 250;

/**
 * /print/:productId — configure a print product (albums spec §2, §3 "Print product"): its options,
 * the photos from the cart and those bought earlier, a live price from the server, and "Add to cart", which leads to the
 * configuration finished page.
 */
export function Component() {
  const { t } = useTranslation();
  const productId = Number(useParams().productId);
  const checkinId = useCheckinParam();
  const product = usePrintProduct(productId, checkinId);
  usePageTitle(product.data?.title ?? t('print.chooser.title'));

  if (product.data) return <Configurator key={product.data.id} product={product.data} />;
  let body: ReactNode;
  if (product.isError || !product.isFetching) {
    const missing = !product.isError || (isApiError(product.error) && product.error.status === 404);
    body = (
      <Alert
        tone={missing ? 'warning' : 'error'}
        title={t(missing ? 'print.product.not_found' : 'print.product.load_failed')}
      >
        {missing ? (
          <Link to={paths.print.getHref({ checkin_id: checkinId })}>{t('print.product.to_chooser')}</Link>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => void product.refetch()}>
            {t('checkins.list.retry')}
          </Button>
        )}
      </Alert>
    );
  } else body = <Spinner label={t('print.product.loading')} />;
  return <div className="page container print-page">{body}</div>;
}

function Configurator({ product }: { product: PrintProduct }) {
  const { t } = useTranslation();
  const checkinId = useCheckinParam();
  const navigate = useNavigate();
  const photos = usePrintPhotos();
  const [choice, setChoice] = useState<OptionChoice>(() => defaultChoice(product));
  const [selection, setSelection] = useState<Selection>(() => new Map());
  const [mismatch, setMismatch] = useState(false);
  const add = useAddPrintToCart();

  // photos that left the cart (in another tab, say) and are not bought leave the selection
  const offered = useMemo(
    () =>
      photos.status === 'success'
        ? new Set(photos.groups.flatMap((group) => group.photos.map((photo) => photo.id)))
        : null,
    [photos],
  );
  useEffect(() => {
    if (offered) setSelection((current) => keepOffered(current, offered));
  }, [offered]);

  const variant = variantFor(product, choice);
  const summary = summarise(selection, product);
  const configuration = useMemo<Configuration | null>(
    () =>
      variant && summary.complete
        ? {
            product_id: product.id,
            variant_option_ids: choiceIds(product, choice),
            photos: selectionPhotos(selection),
          }
        : null,
    [product, choice, selection, variant, summary.complete],
  );
  const settled = useDebounced(configuration, PRICE_DEBOUNCE_MS);
  const price = usePrintPrice(settled);
  const pricing = configuration !== settled || price.isFetching;
  const current =
    configuration !== null && settled === configuration && price.data && !price.isPlaceholderData;
  const total = configuration === null ? null : current ? price.data!.total_price : null;

  const failure = add.error ?? (configuration !== null && !pricing ? price.error : null);
  const errors =
    failure && !(isApiError(failure) && failure.code === CURRENCY_MISMATCH)
      ? configurationErrors(t, failure, product)
      : [];

  const onAdd = () => {
    if (!configuration) return;
    add.mutate(configuration, {
      onSuccess: (added) => navigate(paths.printAdded.getHref(added.cart_item_id ?? undefined)),
      onError: (error) => {
        if (isApiError(error) && error.code === CURRENCY_MISMATCH) setMismatch(true);
      },
    });
  };
  const change = (next: () => void) => {
    add.reset();
    next();
  };

  return (
    <div className="page container print-page">
      <p className="print-crumb">
        <Link to={paths.print.getHref({ checkin_id: checkinId })}>{t('print.product.to_chooser')}</Link>
      </p>
      <h1>{product.title}</h1>
      {product.description && <p className="print-lead">{product.description}</p>}
      <div className="print-configure">
        <div className="print-configure-main">
          {product.product_variant_options.length > 0 && (
            <section className="print-step" aria-labelledby="print-options-title">
              <h2 id="print-options-title">{t('print.product.options')}</h2>
              <OptionGroups
                product={product}
                choice={choice}
                onChange={(group, option) => change(() => setChoice((c) => ({ ...c, [group]: option })))}
              />
            </section>
          )}
          <section className="print-step" aria-labelledby="print-photos-title">
            <h2 id="print-photos-title">{t('print.photos.title')}</h2>
            <PhotosStep
              photos={photos}
              product={product}
              selection={selection}
              onChange={(next) => change(() => setSelection(next))}
            />
          </section>
        </div>
        {photos.status === 'success' && (photos.groups.length > 0 || photos.more.available) && (
          <ConfigureSummary
            product={product}
            variant={variant}
            summary={summary}
            total={total}
            pricing={configuration !== null && pricing}
            errors={errors}
            adding={add.isPending}
            onAdd={onAdd}
          />
        )}
      </div>
      <CurrencyMismatchDialog open={mismatch} onClose={() => setMismatch(false)} />
    </div>
  );
}

function PhotosStep({
  photos,
  product,
  selection,
  onChange,
}: {
  photos: PrintPhotos;
  product: PrintProduct;
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const { t } = useTranslation();
  if (photos.status === 'pending') return <Spinner label={t('print.photos.loading')} />;
  if (photos.status === 'error')
    return (
      <Alert tone="error" title={t('print.photos.load_failed')}>
        <Button variant="secondary" size="sm" onClick={photos.retry}>
          {t('checkins.list.retry')}
        </Button>
      </Alert>
    );
  const { more } = photos;
  if (photos.groups.length === 0 && !more.available)
    return (
      <div className="print-no-photos">
        <p>{t('print.photos.none')}</p>
        <ButtonLink to={paths.checkins.getHref()}>{t('cart.empty.to_albums')}</ButtonLink>
      </div>
    );
  const full = selection.size >= product.max_photos && product.max_photos > 1;
  const offered = photos.groups.reduce((sum, group) => sum + group.photos.length, 0);
  return (
    <>
      {offered < product.min_photos && !more.available && (
        <Alert tone="info">
          <p>{t('print.photos.too_few_in_cart')}</p>
          <Link to={paths.checkins.getHref()}>{t('cart.empty.to_albums')}</Link>
        </Alert>
      )}
      <p className="print-hint">
        {product.min_photos === product.max_photos
          ? t(PLURAL.hint, { count: product.max_photos })
          : t(PLURAL.hintRange, { min: product.min_photos, count: product.max_photos })}
        {full && <> {t('print.photos.full')}</>}
      </p>
      <PhotoChooser groups={photos.groups} product={product} selection={selection} onChange={onChange} />
      {more.failed && !more.loading && <Alert tone="error">{t('print.photos.more_failed')}</Alert>}
      {more.available && (
        <div className="print-more">
          <Button variant="secondary" loading={more.loading} onClick={more.load}>
            {t('print.photos.show_more')}
          </Button>
        </div>
      )}
    </>
  );
}
