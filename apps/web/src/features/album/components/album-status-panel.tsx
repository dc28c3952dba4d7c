import './album-status.css';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { LineIcon } from '../../../shared/ui/line-icon';
import type { Availability } from '../lib/album-status';

type Shown = Exclude<Availability, { kind: 'ready' }>;

/** Catalogue keys of a state: title and text under album.availability. */
function keys(state: Shown): { title: string; text: string } {
  switch (state.kind) {
    case 'not_started':
      return { title: 'not_started_title', text: state.stay ? 'not_started_stay_text' : 'not_started_text' };
    case 'unavailable':
      return {
        title: 'unavailable_title',
        text: state.reason === 'hidden' ? 'hidden_text' : 'unavailable_text',
      };
    case 'arriving':
      return state.late
        ? { title: 'arriving_late_title', text: 'arriving_late_text' }
        : { title: 'arriving_title', text: 'arriving_text' };
    default:
      return { title: `${state.kind}_title`, text: `${state.kind}_text` };
  }
}

const ICONS: Record<Shown['kind'], string> = {
  // calendar
  not_started: 'M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  // hourglass
  arriving: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9',
  selfie_uploading: 'M12 16V6M8 10l4-4 4 4M5 19h14',
  not_processed: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9',
  // magnifier
  none_found: 'M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM16.5 16.5 21 21',
  // crossed-out image
  unavailable: 'M4 5h16v14H4zM4 5l16 14M9 10a1.5 1.5 0 1 0 0-.01',
};

/**
 * Why the album shows no photos yet, or none at all (albums spec §4 "Event and photo
 * availability"), in place of the empty grid; announced politely, as it can change while the
 * page is open (photos arriving, selfie processed).
 */
export function AlbumStatusPanel({ state, onSelfieAgain }: { state: Shown; onSelfieAgain?: () => void }) {
  const { t, language } = useTranslation();
  const { title, text } = keys(state);
  const date = state.kind === 'not_started' ? formatCalendarDate(state.startDate, language, 'long') : '';
  return (
    <div className={`album-status-panel is-${state.kind}`} role="status">
      <LineIcon className="album-status-icon" d={ICONS[state.kind]} size={40} strokeWidth={1.6} />
      <h3>{t(`album.availability.${title}`)}</h3>
      <p>{t(`album.availability.${text}`, { date })}</p>
      {state.kind === 'none_found' && (
        // straight to the support form of the help page
        <div className="actions">
          {state.selfieSearch && onSelfieAgain && (
            <button type="button" className="btn btn-primary" onClick={onSelfieAgain}>
              {t('album.availability.selfie_again')}
            </button>
          )}
          <Link className="btn btn-secondary" to={paths.help.getHref('contact')}>
            {t('album.availability.contact_support')}
          </Link>
        </div>
      )}
    </div>
  );
}
