import { type BibList, parseBibList } from '@fotodrop/contract/rules/bib-numbers';
import { useDeferredValue, useId, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** Refused tokens shown at most; the count says how many more there are. */
const PROBLEMS_SHOWN = 50;

/**
 * The issued bibs as typed or pasted (numbers and ranges, any separator), read live with the
 * contract's `parseBibList`: how many numbers it names and each refused token with its reason.
 */
export function BibListInput({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  // a pasted 100,000-number list is parsed after the keystroke is drawn, not during it
  const deferred = useDeferredValue(value);
  const list: BibList = useMemo(() => parseBibList(deferred), [deferred]);
  return (
    <div className="field bib-list-input">
      <label htmlFor={id}>{t('organiser.bibs.list_label')}</label>
      <p className="field-hint" id={`${id}-hint`}>
        {t('organiser.bibs.list_help')}
      </p>
      <textarea
        id={id}
        rows={6}
        value={value}
        disabled={disabled}
        spellCheck={false}
        aria-describedby={`${id}-hint ${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-count`} className="bib-list-count" aria-live="polite">
        {t('organiser.bibs.count', { count: list.numbers.length })}
        {list.problems.length > 0 && ` · ${t('organiser.bibs.refused', { count: list.problems.length })}`}
      </p>
      {list.problems.length > 0 && (
        <ul className="bib-problems" aria-label={t('organiser.bibs.refused_label')}>
          {list.problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
            // a token may be refused twice (written twice): the index keeps keys unique
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is derived, never reordered
            <li key={i}>
              <code>{p.token}</code> — {t(`organiser.bibs.problem.${p.reason}`)}
            </li>
          ))}
          {list.problems.length > PROBLEMS_SHOWN && (
            <li>{t('organiser.bibs.more_refused', { count: list.problems.length - PROBLEMS_SHOWN })}</li>
          )}
        </ul>
      )}
    </div>
  );
}
