import { isBibNumber } from '@fotodrop/contract/rules/bib-numbers';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Checkbox } from '../../../shared/ui/checkbox';
import type { MediaFilters } from './media-api';

type Option = { value: string; label: string };

/** The grid's filters: each change shows page 1 of the new selection. */
export function MediaFiltersBar({
  filters,
  galleries,
  onChange,
}: {
  filters: MediaFilters;
  galleries: { id: number; name: string }[];
  onChange: (next: MediaFilters) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<MediaFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const any = { value: '', label: t('organiser.media.filter.any') };
  return (
    <fieldset className="media-filters">
      <legend>{t('organiser.media.filter.title')}</legend>
      <Select
        label={t('organiser.media.filter.gallery')}
        value={filters.gallery}
        onChange={(gallery) => set({ gallery })}
        options={[
          any,
          { value: 'none', label: t('organiser.media.event_itself') },
          ...galleries.map((g) => ({ value: String(g.id), label: g.name })),
        ]}
      />
      <Select
        label={t('organiser.media.filter.status')}
        value={filters.status}
        onChange={(status) => set({ status: status as MediaFilters['status'] })}
        options={[
          any,
          ...(['ready', 'processing', 'failed'] as const).map((s) => ({
            value: s,
            label: t(`organiser.media.status.${s}`),
          })),
        ]}
      />
      <Select
        label={t('organiser.media.filter.faces')}
        value={filters.faces}
        onChange={(faces) => set({ faces: faces as MediaFilters['faces'] })}
        options={[
          any,
          { value: 'none', label: t('organiser.media.filter.faces_none') },
          { value: 'some', label: t('organiser.media.filter.faces_some') },
          { value: 'crowd', label: t('organiser.media.filter.faces_crowd') },
        ]}
      />
      <Select
        label={t('organiser.media.filter.hidden')}
        value={filters.hidden}
        onChange={(hidden) => set({ hidden: hidden as MediaFilters['hidden'] })}
        options={[
          any,
          { value: 'false', label: t('organiser.media.filter.visible_only') },
          { value: 'true', label: t('organiser.media.filter.hidden_only') },
        ]}
      />
      <TagFilter value={filters.tag} onCommit={(tag) => set({ tag })} />
      <BibFilter value={filters.bib} onCommit={(bib) => set({ bib })} />
    </fieldset>
  );
}

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Option[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The tag filter applies on Enter or when the field is left, not on every key. */
function TagFilter({ value, onCommit }: { value: string; onCommit: (tag: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('organiser.media.filter.tag')}</label>
      <input
        id={id}
        type="search"
        defaultValue={value}
        maxLength={100}
        onBlur={(e) => e.target.value !== value && onCommit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(e.currentTarget.value);
        }}
      />
    </div>
  );
}

/**
 * Issue 20: "Photos without a bib", or the photos carrying one bib number (applied on Enter or
 * when the field is left, once it is a bib number).
 */
function BibFilter({ value, onCommit }: { value: string; onCommit: (bib: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(value === 'none' ? '' : value);
  const invalid = typed.trim() !== '' && !isBibNumber(typed.trim());
  const commit = (text: string) => {
    const bib = text.trim();
    if ((bib === '' || isBibNumber(bib)) && bib !== value) onCommit(bib);
  };
  return (
    <>
      <div className={invalid ? 'field field-invalid' : 'field'}>
        <label htmlFor={id}>{t('organiser.bibs.filter_number')}</label>
        <input
          id={id}
          type="search"
          inputMode="numeric"
          value={typed}
          maxLength={5}
          disabled={value === 'none'}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(e.currentTarget.value);
          }}
        />
        {invalid && (
          <p className="field-error" id={`${id}-error`}>
            {t('organiser.bibs.invalid_number')}
          </p>
        )}
      </div>
      <Checkbox
        className="media-filter-check"
        label={t('organiser.bibs.filter_without')}
        checked={value === 'none'}
        onChange={(e) => {
          setTyped('');
          onCommit(e.target.checked ? 'none' : '');
        }}
      />
    </>
  );
}
