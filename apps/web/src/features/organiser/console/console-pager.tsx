import type { Pagination } from '@fotodrop/contract/pagination';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';

/** Previous / "Page 2 of 9" / Next under a console list; nothing when everything fits on one page. */
export function ConsolePager({
  pagination,
  label,
  onPage,
}: {
  pagination: Pagination | undefined;
  /** Names the navigation landmark ("Pages of codes"). */
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!pagination || pagination.num_pages <= 1) return null;
  const page = pagination.page_number;
  return (
    <nav className="console-pager" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('organiser.console.previous')}
      </Button>
      <span aria-live="polite">{t('organiser.console.page_of', { page, pages: pagination.num_pages })}</span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pagination.num_pages}
        onClick={() => onPage(page + 1)}
      >
        {t('organiser.console.next')}
      </Button>
    </nav>
  );
}
