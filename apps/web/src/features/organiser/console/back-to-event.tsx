import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** "← Back to <event>" above a page that belongs to one event (codes, media, participants). */
export function BackToEvent({ slug, name }: { slug: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Link className="console-back" to={paths.organiserEvent.getHref(slug)}>
      ← {t('organiser.console.back_to_event', { event: name })}
    </Link>
  );
}
