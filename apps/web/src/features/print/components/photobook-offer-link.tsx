import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { usePhotobookOffer } from '../api/photobook-api';

/**
 * The album's way to its photobook offer (the print banner shows it): the offer link with its key
 * from GET /photobook-offer/, and the offer's last day. Nothing while the album has no offer.
 */
export function PhotobookOfferLink({ checkinId }: { checkinId: number }) {
  const { t, language } = useTranslation();
  const offer = usePhotobookOffer(checkinId);
  if (!offer.data) return null;
  const { checkin_id, key, offer_until } = offer.data;
  return (
    <p className="print-upsell-photobook">
      {t('photobook.album_text', { date: formatCalendarDate(offer_until, language, 'long') })}{' '}
      <Link to={paths.photobook.getHref({ checkin_id, key })}>{t('photobook.album_action')}</Link>
    </p>
  );
}
