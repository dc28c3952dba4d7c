import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate, todayIso } from '../../../shared/ui/date-text';
import { AlbumMedia } from '../../album';

type Availability = 'not_started' | 'unavailable' | 'none_found';

/**
 * Why an album shows no media (albums spec §4 "Event and photo availability"), from the album's
 * own data: the event has not begun; the event's photos were deleted; or none were found (yet).
 */
export function availability(checkin: Checkin, today = todayIso()): Availability | null {
  if (checkin.media_deleted || !checkin.can_see_media) return 'unavailable';
  if ((checkin.photos_summary?.total ?? 0) > 0) return null;
  return today < checkin.event.start_date ? 'not_started' : 'none_found';
}

/**
 * The album's media area: the photos (tabs, grid, viewer, grouped galleries — the album feature),
 * or why there are none.
 */
export function AlbumMediaSection({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const state = availability(checkin);
  return (
    <section className="album-media" aria-labelledby="album-media-title">
      <h2 id="album-media-title">{t('album.media.title')}</h2>
      {state ? <AvailabilityMessage state={state} checkin={checkin} /> : <AlbumMedia checkin={checkin} />}
    </section>
  );
}

function AvailabilityMessage({ state, checkin }: { state: Availability; checkin: Checkin }) {
  const { t, language } = useTranslation();
  return (
    <div className="album-empty">
      <h3>{t(`album.availability.${state}_title`)}</h3>
      <p>
        {t(`album.availability.${state}_text`, {
          date: formatCalendarDate(checkin.event.start_date, language, 'long'),
        })}
      </p>
      {state === 'none_found' && (
        <Link className="btn btn-secondary" to={paths.help.getHref()}>
          {t('album.availability.contact_support')}
        </Link>
      )}
    </div>
  );
}
