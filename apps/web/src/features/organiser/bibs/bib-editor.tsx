import type { MediaBib } from '@fotodrop/contract/api/organiser-bibs';
import { isBibNumber } from '@fotodrop/contract/rules/bib-numbers';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { updateMedium } from '../media/media-api';
import { BibChips } from './bib-chips';

/**
 * A photo's bibs in its detail panel: each removable, and a number to add by hand. Every change
 * sends the photo's whole list (`PATCH …/media/{id}/` `{bibs}`) and shows the answer's list.
 */
export function BibEditor({
  slug,
  mediumId,
  bibs: initial,
  manage,
  onSaved,
}: {
  slug: string;
  mediumId: number;
  bibs: MediaBib[];
  manage: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [bibs, setBibs] = useState(initial);
  const [number, setNumber] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (numbers: string[]) => updateMedium(slug, mediumId, { bibs: numbers }),
    onSuccess: (medium) => {
      setBibs(medium.bibs);
      setNumber('');
      onSaved();
    },
  });
  const numbers = bibs.map((b) => b.number);
  const add = () => {
    const bib = number.trim();
    if (!isBibNumber(bib)) return setInvalid(true);
    setInvalid(false);
    if (!numbers.includes(bib)) save.mutate([...numbers, bib]);
  };
  return (
    <div className="bib-editor">
      <h3 className="bib-editor-title">{t('organiser.bibs.on_photo')}</h3>
      {bibs.length === 0 ? (
        <p className="field-hint">{t('organiser.bibs.none')}</p>
      ) : (
        <BibChips
          bibs={bibs}
          disabled={save.isPending}
          {...(manage ? { onRemove: (n: string) => save.mutate(numbers.filter((x) => x !== n)) } : {})}
        />
      )}
      {manage && (
        <form
          className="console-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <div className={invalid ? 'field field-invalid' : 'field'}>
            <label htmlFor={id}>{t('organiser.bibs.add_label')}</label>
            <input
              id={id}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              value={number}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(e) => setNumber(e.target.value)}
            />
            {invalid && (
              <p className="field-error" id={`${id}-error`}>
                {t('organiser.bibs.invalid_number')}
              </p>
            )}
          </div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            {t('organiser.bibs.add')}
          </Button>
        </form>
      )}
      <div aria-live="polite">
        {save.isError && <Alert tone="error">{translateError(t, save.error)}</Alert>}
      </div>
    </div>
  );
}
