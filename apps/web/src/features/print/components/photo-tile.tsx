import type { Media } from '@fotodrop/contract/api/media';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LineIcon } from '../../../shared/ui/line-icon';
import { PLURAL } from '../lib/plural-keys';
import { MAX_COPIES } from '../lib/selection';

const CHECK = 'M5 12.5l4.5 4.5L19 7.5';
const MINUS = 'M6 12h12';
const PLUS = 'M12 6v12M6 12h12';

/**
 * One photo of the chooser: a toggle button (pressed = chosen) and, when the product takes copies,
 * a stepper for the chosen photo's copies.
 */
export function PhotoTile({
  photo,
  label,
  copies,
  withCopies,
  blocked,
  onToggle,
  onCopies,
}: {
  photo: Media;
  /** The photo's accessible name ("Photo 3 of Alpine Marathon 2026"). */
  label: string;
  /** Copies chosen; 0 = not chosen. */
  copies: number;
  withCopies: boolean;
  /** No further photo can be chosen. */
  blocked: boolean;
  onToggle: () => void;
  onCopies: (copies: number) => void;
}) {
  const { t } = useTranslation();
  const chosen = copies > 0;
  return (
    <li className={`print-tile${chosen ? ' is-chosen' : ''}`}>
      <button
        type="button"
        className="print-tile-photo"
        aria-pressed={chosen}
        aria-label={label}
        disabled={!chosen && blocked}
        onClick={onToggle}
      >
        <img src={photo.thumbnail_url} alt="" loading="lazy" decoding="async" />
        <span className="print-tile-mark" aria-hidden="true">
          {chosen && <LineIcon d={CHECK} size={16} strokeWidth={3} />}
        </span>
      </button>
      {chosen && withCopies && (
        // biome-ignore lint/a11y/useSemanticElements: a stepper is a group of its two buttons and value
        <div className="print-copies" role="group" aria-label={t('print.photos.copies_of', { photo: label })}>
          <button
            type="button"
            className="print-copies-btn"
            aria-label={t('print.photos.fewer')}
            disabled={copies <= 1}
            onClick={() => onCopies(copies - 1)}
          >
            <LineIcon d={MINUS} size={16} strokeWidth={2.5} />
          </button>
          <span className="print-copies-value" aria-live="polite">
            {t(PLURAL.copies, { count: copies })}
          </span>
          <button
            type="button"
            className="print-copies-btn"
            aria-label={t('print.photos.more')}
            disabled={copies >= MAX_COPIES}
            onClick={() => onCopies(copies + 1)}
          >
            <LineIcon d={PLUS} size={16} strokeWidth={2.5} />
          </button>
        </div>
      )}
    </li>
  );
}
