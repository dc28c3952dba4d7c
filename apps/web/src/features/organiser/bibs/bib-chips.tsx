import type { MediaBib } from '@fotodrop/contract/api/organiser-bibs';
import { useTranslation } from '../../../shared/i18n/use-translation';
import './bibs.css';

/**
 * A photo's bibs as chips: the number, and "read 97 %" (recognition's confidence) or "added by
 * hand". `onRemove` adds a remove button to each chip.
 */
export function BibChips({
  bibs,
  onRemove,
  disabled,
}: {
  bibs: MediaBib[];
  onRemove?: (number: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (bibs.length === 0) return null;
  return (
    <ul className="bib-chips" aria-label={t('organiser.bibs.chips_label')}>
      {bibs.map((bib) => {
        const how =
          bib.source === 'ocr'
            ? t('organiser.bibs.chip_read', { percent: Math.round((bib.confidence ?? 0) * 100) })
            : t('organiser.bibs.chip_manual');
        return (
          <li key={bib.number} className={`bib-chip bib-chip-${bib.source}`}>
            <span className="bib-chip-number">{bib.number}</span>
            <span className="bib-chip-how">{how}</span>
            {onRemove && (
              <button
                type="button"
                className="bib-chip-remove"
                aria-label={t('organiser.bibs.remove', { number: bib.number })}
                disabled={disabled}
                onClick={() => onRemove(bib.number)}
              >
                ×
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
