import './photobook.css';
import type { Photobook } from '@fotodrop/contract/api/photobook';
import type { ErrorCode } from '@fotodrop/contract/errors';
import { photobookPages } from '@fotodrop/contract/rules/photobook';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { queryClient } from '../../../shared/api/query-client';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { Spinner } from '../../../shared/ui/spinner';
import { CurrencyMismatchDialog, useCreateDigitalItem } from '../../cart';
import { photobookQuery } from '../api/photobook-api';
import { useAddPrintToCart } from '../api/print-mutations';
import { useDeliveryCountries } from '../api/print-queries';
import { boughtAmong } from '../api/purchases-api';
import { PhotobookViewer } from '../components/photobook-viewer';
import { WholePrice } from '../components/whole-price';
import { usePortraitPhone } from '../hooks/use-portrait-phone';
import { PLURAL } from '../lib/plural-keys';

// type-only import of the codes, as in the API client: the errors module builds zod schemas
const CURRENCY_MISMATCH: ErrorCode = 'currency_mismatch';
const UNAVAILABLE: ErrorCode = 'photobook_offer_unavailable';

/**
 * /photobook?checkin_id=…&key=… — the photobook offer page (albums spec §2): the preview of a book
 * of the album's photos (front cover, spreads, a blank filler page when the count is odd, back
 * cover: `photobookPages`), its price and last day, and "Order photobook", which puts the photos
 * and the book in the cart through the print flow. Portrait phones are asked to turn landscape; a
 * forged or expired link shows "no longer available for sale".
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('photobook.title'));
  const [params] = useSearchParams();
  const checkinId = Number(params.get('checkin_id'));
  const key = params.get('key') ?? '';
  const wellFormed = Number.isInteger(checkinId) && checkinId > 0 && key !== '';
  const book = useQuery({ ...photobookQuery(checkinId, key), enabled: wellFormed }, queryClient);

  let body: ReactNode;
  if (!wellFormed || (book.isError && isRefusal(book.error))) {
    body = (
      <Alert tone="warning" title={t('errors.codes.photobook_offer_unavailable')}>
        <p>{t('photobook.unavailable_text')}</p>
        <Link to={paths.checkins.getHref()}>{t('cart.empty.to_albums')}</Link>
      </Alert>
    );
  } else if (book.isError) {
    body = (
      <Alert tone="error" title={t('photobook.load_failed')}>
        <Button variant="secondary" size="sm" onClick={() => void book.refetch()}>
          {t('checkins.list.retry')}
        </Button>
      </Alert>
    );
  } else if (book.data) {
    body = <Offer book={book.data} checkinId={checkinId} />;
  } else {
    body = <Spinner label={t('photobook.loading')} />;
  }
  return (
    <div className="page container print-page photobook-page-screen">
      <h1>{t('photobook.title')}</h1>
      {body}
    </div>
  );
}

/** The link itself is refused: forged, expired (410), malformed (400), or not the user's album (404). */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.code === UNAVAILABLE || error.status === 400 || error.status === 404);
}

function Offer({ book, checkinId }: { book: Photobook; checkinId: number }) {
  const { t, language } = useTranslation();
  const portrait = usePortraitPhone();
  const pages = photobookPages(book.photos, book);
  const missing = Math.max(0, book.photo_count - book.photos.length);
  // the server's count: the photos bought earlier (or in a package) are printed without buying them again
  const toBuy = book.photos_to_buy;
  const delivery = useDeliveryCountries(language);

  return (
    <>
      <p className="print-lead">{t('photobook.lead', { event: book.event_name })}</p>
      {portrait && (
        <div className="photobook-rotate" role="status">
          <span aria-hidden="true" className="photobook-rotate-icon" />
          <p>{t('photobook.rotate')}</p>
        </div>
      )}
      <div className="photobook-layout">
        <PhotobookViewer pages={pages} eventName={book.event_name} />
        <aside className="photobook-summary" aria-labelledby="photobook-summary-title">
          <h2 id="photobook-summary-title">{t('photobook.summary')}</h2>
          <WholePrice
            item={t('photobook.whole_book')}
            price={book.price}
            photos={toBuy}
            photosPrice={book.photos_price}
            total={book.total_price}
            currency={book.currency}
            priceClassName="photobook-price"
          />
          <p>
            {t('photobook.offer_until', { date: formatCalendarDate(book.offer_until, language, 'long') })}
          </p>
          <p className="photobook-note">
            {toBuy === 0 ? t('photobook.all_bought') : t(PLURAL.photobookPhotosInCart, { count: toBuy })}
          </p>
          {delivery && <p className="photobook-note">{t('photobook.delivery', { countries: delivery })}</p>}
          {missing > 0 && (
            <Alert tone="info">
              <p>{t(PLURAL.photobookMissing, { count: missing, total: book.photo_count })}</p>
            </Alert>
          )}
          <OrderButton book={book} checkinId={checkinId} disabled={missing > 0} />
        </aside>
      </div>
    </>
  );
}

/**
 * "Order photobook": the book's photos not bought yet go into the cart as a pick of the album (a
 * print is made of photos the cart buys or the user bought earlier; the cart refuses bought ones),
 * with no pick at all when every one is bought; then the book itself, with all its photos, through
 * POST decorate-product-configuration, and the page of the print flow that says it was added follows.
 */
function OrderButton({
  book,
  checkinId,
  disabled,
}: {
  book: Photobook;
  checkinId: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pick = useCreateDigitalItem();
  const [looking, setLooking] = useState(false);
  const add = useAddPrintToCart();
  const [failure, setFailure] = useState<unknown>(null);
  const [mismatch, setMismatch] = useState(false);
  const ids = book.photos.map((photo) => photo.id);

  const order = async () => {
    setFailure(null);
    setLooking(true);
    try {
      const bought = await boughtAmong(checkinId, ids).finally(() => setLooking(false));
      const toBuy = ids.filter((id) => !bought.has(id));
      if (toBuy.length > 0)
        await pick.mutateAsync({
          checkin_id: checkinId,
          gallery_id: null,
          order_type: 'PHOTOLIST',
          media_ids: toBuy,
        });
      const added = await add.mutateAsync({
        product_id: book.product_id,
        variant_option_ids: book.variant_option_ids,
        photos: ids.map((photo_id) => ({ photo_id, quantity: 1 })),
      });
      navigate(paths.printAdded.getHref(added.cart_item_id ?? undefined));
    } catch (error) {
      if (isApiError(error) && error.code === CURRENCY_MISMATCH) setMismatch(true);
      else setFailure(error);
    }
  };

  return (
    <>
      {failure !== null && <Alert tone="error">{translateError(t, failure)}</Alert>}
      <Button
        size="lg"
        block
        disabled={disabled}
        loading={looking || pick.isPending || add.isPending}
        onClick={() => void order()}
      >
        {t('photobook.order')}
      </Button>
      <CurrencyMismatchDialog open={mismatch} onClose={() => setMismatch(false)} />
    </>
  );
}
