import './events.css';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useIsLoggedIn } from '../../../shared/store/app-store';
import { CalendarDialog } from '../components/calendar-dialog';

/**
 * /events: the home page with the calendar modal open, when the organisation shows a calendar
 * (AppConfig.show_calendar); otherwise simply the home page. The router passes the home page in
 * (features do not import each other). Logged-in users, whom the home page sends to their albums,
 * see the calendar alone; closing it goes to "/".
 */
export function EventsCalendar({ home }: { home: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const loggedIn = useIsLoggedIn();
  usePageTitle(t('calendar.title'));
  // an effect, not <Navigate>: that component would be added to the home page's router code
  const shown = config.show_calendar;
  useEffect(() => {
    if (!shown) void navigate(paths.home.getHref(), { replace: true });
  }, [shown, navigate]);
  if (!shown) return null;
  return (
    <>
      {!loggedIn && home}
      <CalendarDialog onClose={() => void navigate(paths.home.getHref(), { replace: true })} />
    </>
  );
}
