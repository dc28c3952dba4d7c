import './album-status.css';
import { VIDEO_ALERT_DATE } from '@fotodrop/contract/constants';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import type { AlbumStatus, Deadline } from '../lib/album-status';

/** A deadline in the app language: its calendar day when it came as a date, else date and time here. */
function formatDeadline(deadline: Deadline, language: string): string {
  if (deadline.day) return formatCalendarDate(deadline.day, language, 'long');
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(deadline.at),
  );
}

/**
 * Above the album's media: how long unpurchased media stay (albums spec §4 "Unpurchased media")
 * and when HD comes. The last-chance warning can be hidden for this visit; the last call and the
 * deletion cannot, as they are the last word before photos go.
 */
export function AlbumStatusBanner({ status, showPrices }: { status: AlbumStatus; showPrices: boolean }) {
  const { t, language } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const { deadline, hd, videoAlert } = status;
  const videoNote = videoAlert && (
    <p>{t('album.deadline.video_alert', { date: formatCalendarDate(VIDEO_ALERT_DATE, language, 'long') })}</p>
  );
  const hdNote =
    hd.kind === 'later' ? (
      <p className="album-hd-note">
        {hd.from
          ? t('album.deadline.hd_from', {
              date: formatDeadline({ at: hd.from, day: null }, language),
            })
          : t('album.deadline.hd_later')}
      </p>
    ) : null;

  let banner: ReactNode = null;
  switch (deadline.kind) {
    case 'last_chance':
      if (dismissed) break;
      banner = (
        <div className="album-deadline is-warning" role="status">
          <div>
            <p className="album-deadline-title">{t('album.deadline.last_chance_title')}</p>
            <p>
              {t('album.deadline.last_chance_text', { date: formatDeadline(deadline.deadline, language) })}{' '}
              {t('album.deadline.kept')}
            </p>
            {videoNote}
          </div>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('album.deadline.dismiss')}
            onClick={() => setDismissed(true)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      );
      break;
    case 'last_call':
      banner = (
        <div className="album-deadline is-urgent" role="alert">
          <p className="album-deadline-title">
            {t('album.deadline.last_call_title', { date: formatDeadline(deadline.deadline, language) })}
          </p>
          <p>
            {showPrices
              ? t('album.deadline.last_call_offer', { percent: deadline.discountPercent })
              : t('album.deadline.last_call_no_hd')}{' '}
            {t('album.deadline.kept')}
          </p>
          {videoNote}
        </div>
      );
      break;
    case 'deleting':
      banner = (
        <div className="album-deadline is-urgent" role="status">
          <p className="album-deadline-title">{t('album.deadline.deleting_title')}</p>
          <p>
            {t('album.deadline.deleting_text', { date: formatDeadline(deadline.deadline, language) })}{' '}
            {t('album.deadline.kept')}
          </p>
          {videoNote}
        </div>
      );
      break;
    case 'deleted':
      banner = (
        <div className="album-deadline is-quiet" role="status">
          <p className="album-deadline-title">{t('album.deadline.deleted_title')}</p>
          <p>{t('album.deadline.deleted_text')}</p>
        </div>
      );
      break;
    default:
      break;
  }
  if (!banner && !hdNote) return null;
  return (
    <div className="album-status-notices">
      {banner}
      {hdNote}
    </div>
  );
}
