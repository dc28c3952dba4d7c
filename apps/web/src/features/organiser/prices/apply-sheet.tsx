import type { ConsoleEvent, ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { translateError, translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { GallerySelect } from './gallery-select';
import { applyPriceSheet, priceSheetsQuery, pricesKeys } from './prices-api';

/**
 * Copies one of the organisation's price sheets onto the event (entries and packages) or onto one
 * gallery (entries). A copy: editing the sheet later changes no price here (decisions.md).
 */
export function ApplySheet({
  event,
  galleries,
  onApplied,
}: {
  event: ConsoleEvent;
  galleries: ConsoleGallery[];
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sheetId = useId();
  const sheets = useQuery(priceSheetsQuery(event.organisation_id));
  const [chosen, setChosen] = useState('');
  const [target, setTarget] = useState<number | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const apply = useMutation({
    mutationFn: () => applyPriceSheet(event.slug, Number(chosen), target),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: pricesKeys.all(event.slug) });
      onApplied();
      setResult({ tone: 'success', text: t('organiser.prices.sheet_applied') });
    },
    onError: (error) => {
      const fields = isApiError(error) ? Object.values(error.fieldErrors).flat() : [];
      setResult({
        tone: 'error',
        text: fields.length ? fields.map((m) => translateMessage(t, m)).join(' ') : translateError(t, error),
      });
    },
  });
  const list = sheets.data?.results ?? [];
  return (
    <section className="card console-card" aria-labelledby="prices-sheet">
      <h2 id="prices-sheet">{t('organiser.prices.apply_title')}</h2>
      <p className="field-hint">
        {t('organiser.prices.apply_hint')}{' '}
        <Link to={paths.organiserPriceSheets.getHref()}>{t('organiser.prices.manage_sheets')}</Link>
      </p>
      {sheets.isError && <Alert tone="error">{translateError(t, sheets.error)}</Alert>}
      {sheets.isSuccess && list.length === 0 ? (
        <p className="price-none">{t('organiser.prices.no_sheets')}</p>
      ) : (
        <form
          className="console-inline-form price-apply"
          onSubmit={(e) => {
            e.preventDefault();
            setResult(null);
            if (chosen) apply.mutate();
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={sheetId}>
              {t('organiser.prices.sheet')}
            </label>
            <select
              id={sheetId}
              className="input select"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
            >
              <option value="">{t('organiser.prices.choose_sheet')}</option>
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.currency})
                </option>
              ))}
            </select>
          </div>
          <GallerySelect
            label={t('organiser.prices.apply_to')}
            galleries={galleries}
            value={target}
            onChange={setTarget}
            eventOption={t('organiser.prices.whole_event')}
          />
          <Button type="submit" variant="secondary" disabled={!chosen} loading={apply.isPending}>
            {t('organiser.prices.apply')}
          </Button>
        </form>
      )}
      <div aria-live="polite">{result && <Alert tone={result.tone}>{result.text}</Alert>}</div>
    </section>
  );
}
