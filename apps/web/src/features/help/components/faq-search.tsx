import type { FaqGroup } from '@fotodrop/contract/api/support';
import { searchFaqs } from '@fotodrop/contract/rules/faq-search';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

/**
 * The FAQ search (entry spec §5): the contract's rule (case-insensitive on question or answer, at
 * most 4, nothing for an empty query); each result is a link to its question further down.
 */
export function FaqSearch({ groups, onPick }: { groups: FaqGroup[]; onPick: (hash: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const results = searchFaqs(groups, query);
  const searching = query.trim() !== '';
  return (
    <search className="help-search">
      <label className="field-label" htmlFor={id}>
        {t('help.search_label')}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        value={query}
        placeholder={t('help.search_placeholder')}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      <p className="visually-hidden" aria-live="polite">
        {searching ? t('help.search_count', { count: results.length }) : ''}
      </p>
      {searching && results.length === 0 && <p className="field-hint">{t('help.search_none')}</p>}
      {results.length > 0 && (
        <ul className="help-search-results">
          {results.map((faq) => (
            <li key={faq.id}>
              <a
                href={`#faq-${faq.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  onPick(`#faq-${faq.id}`);
                }}
              >
                {faq.question}
              </a>
            </li>
          ))}
        </ul>
      )}
    </search>
  );
}
