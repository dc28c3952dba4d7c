import './participants.css';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';

/** A console list's search box: the list follows on "Search" (or Enter), not on every key. */
export function SearchForm({
  label,
  initial,
  onSearch,
  children,
}: {
  label: string;
  initial: string;
  onSearch: (text: string) => void;
  /** More filters beside the box. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom; the form is the landmark
    <form
      role="search"
      className="console-inline-form participants-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft);
      }}
    >
      <TextField label={label} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
      {children}
      <Button type="submit" variant="secondary">
        {t('organiser.participants.search_button')}
      </Button>
    </form>
  );
}

/** A filter beside the search box: a labelled select whose choice applies at once. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The `<option>`s. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
