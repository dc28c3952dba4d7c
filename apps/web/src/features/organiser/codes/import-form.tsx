import {
  CODE_IMPORT_COLUMNS,
  CODE_IMPORT_MAX_BYTES,
  CODE_IMPORT_MAX_ROWS,
  type ImportRowError,
} from '@fotodrop/contract/api/organiser-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError, translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { codesKeys, importCodes } from './codes-api';

const EXAMPLE = `code,label,galleries,tags,email
,Room 12,Start|Finish,,
RUNNER0042,VIP,,vip,anna@example.com`;

/** The refused rows of an import_refused answer (data.rows), if it has them. */
function refusedRows(error: unknown): ImportRowError[] {
  if (!isApiError(error) || error.code !== 'import_refused') return [];
  const rows = (error.data as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? (rows as ImportRowError[]) : [];
}

/** Imports codes from a CSV file: all rows or none; a refusal lists every refused row and why. */
export function ImportForm({ slug }: { slug: string }) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const mutation = useMutation({
    mutationFn: (csv: string) => importCodes(slug, csv),
    onSuccess: () => {
      if (input.current) input.current.value = '';
      return queryClient.invalidateQueries({ queryKey: codesKeys.codes(slug) });
    },
  });
  const rows = refusedRows(mutation.error);

  return (
    <form
      className="card console-card"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const file = input.current?.files?.[0];
        mutation.reset();
        setTooLarge(false);
        if (!file) return;
        // the server refuses it too; checking here spares uploading megabytes for nothing
        if (file.size > CODE_IMPORT_MAX_BYTES) return setTooLarge(true);
        mutation.mutate(await file.text());
      }}
    >
      <h2>{t('organiser.codes.import_title')}</h2>
      <p className="field-hint">
        {t('organiser.codes.import_help', {
          columns: CODE_IMPORT_COLUMNS.join(', '),
          rows: CODE_IMPORT_MAX_ROWS.toLocaleString(language),
        })}
      </p>
      <details className="codes-example">
        <summary>{t('organiser.codes.import_example')}</summary>
        <pre>{EXAMPLE}</pre>
        <p className="field-hint">{t('organiser.codes.import_example_hint')}</p>
      </details>
      <div className="console-inline-form">
        <div className="field">
          <label className="field-label" htmlFor={fileId}>
            {t('organiser.codes.import_file')}
          </label>
          <input id={fileId} ref={input} className="input" type="file" accept=".csv,text/csv" required />
        </div>
        <Button type="submit" variant="secondary" loading={mutation.isPending}>
          {t('organiser.codes.import')}
        </Button>
      </div>
      <div aria-live="polite">
        {mutation.isSuccess && (
          <Alert tone="success">
            {t('organiser.codes.imported', { count: mutation.data.results.length })}
          </Alert>
        )}
      </div>
      {tooLarge && <Alert tone="error">{translateMessage(t, 'file.too_large')}</Alert>}
      {mutation.isError && (
        <Alert tone="error">
          {rows.length > 0
            ? // rows, not reasons: one row may be refused for several reasons
              t('organiser.codes.import_refused', { count: new Set(rows.map((r) => r.line)).size })
            : translateError(t, mutation.error)}
        </Alert>
      )}
      {rows.length > 0 && (
        <table className="console-table codes-refused">
          <caption className="visually-hidden">{t('organiser.codes.refused_rows')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('organiser.codes.line')}</th>
              <th scope="col">{t('organiser.codes.column')}</th>
              <th scope="col">{t('organiser.codes.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.line}-${row.column}-${row.reason}`}>
                <td data-label={t('organiser.codes.line')}>{row.line}</td>
                <td data-label={t('organiser.codes.column')}>
                  {row.column ?? t('organiser.codes.whole_row')}
                </td>
                <td data-label={t('organiser.codes.reason')}>{translateMessage(t, row.reason)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </form>
  );
}
