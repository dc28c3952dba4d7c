import {
  RUNNERS_IMPORT_FILE_FIELD,
  organiserRunnerEndpoints as r,
} from '@fotodrop/contract/api/organiser-runners';
import {
  RUNNERS_CSV_MAX_BYTES,
  RUNNERS_CSV_MAX_ROWS,
  type RunnerRefusal,
} from '@fotodrop/contract/rules/runners-csv';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { callEndpoint } from '../../../shared/api/client';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Dialog } from '../../../shared/ui/dialog';
import { runnersKey } from './runners-list';

/** POST …/participants/import/: the file as it is (text/csv) with the organiser's confirmation. */
const importRunners = (slug: string, csv: string) =>
  callEndpoint(r.importRunners, { params: { slug }, query: { consent_confirmed: 'true' }, body: csv });

const reasonKey = (reason: RunnerRefusal['reason']) => `runners.refusals.${reason.replace('.', '_')}`;

/**
 * "Import runners" (issue 20): a race's participants from a CSV, with the confirmation that the
 * runners agreed to be contacted about their photos. All rows or none; refused rows are listed.
 */
export function ImportRunners({ slug }: { slug: string }) {
  const { t, language } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('runners.import.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('runners.import.title')}>
        <ImportRunnersForm slug={slug} language={language} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function ImportRunnersForm({
  slug,
  language,
  onClose,
}: {
  slug: string;
  language: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<'consent' | 'file' | 'too_large' | null>(null);
  const mutation = useMutation({
    mutationFn: (csv: string) => importRunners(slug, csv),
    onSuccess: (result) => {
      if (result.imported > 0)
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: ['organiser', 'codes', slug] }),
          queryClient.invalidateQueries({ queryKey: runnersKey(slug) }),
        ]);
    },
  });
  const refused = mutation.data?.refused ?? [];
  return (
    <form
      className="runners-import"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        mutation.reset();
        const file = input.current?.files?.[0];
        if (!file) return setProblem('file');
        // the server refuses it too; checking here spares uploading megabytes for nothing
        if (file.size > RUNNERS_CSV_MAX_BYTES) return setProblem('too_large');
        if (!consent) return setProblem('consent');
        setProblem(null);
        mutation.mutate(await file.text());
      }}
    >
      <p className="field-hint">
        {t('runners.import.help', { rows: RUNNERS_CSV_MAX_ROWS.toLocaleString(language) })}
      </p>
      <div className="field">
        <label className="field-label" htmlFor={fileId}>
          {t('runners.import.file')}
        </label>
        <input
          id={fileId}
          ref={input}
          name={RUNNERS_IMPORT_FILE_FIELD}
          className="input"
          type="file"
          accept=".csv,text/csv"
          required
        />
      </div>
      <Checkbox
        label={t('runners.import.consent')}
        description={t('runners.import.consent_hint')}
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
        error={problem === 'consent' ? 'runners.import.consent_required' : undefined}
      />
      <div aria-live="polite">
        {problem === 'file' && <Alert tone="error">{t('runners.import.file_required')}</Alert>}
        {problem === 'too_large' && (
          <Alert tone="error">
            {t('runners.import.too_large', { size: RUNNERS_CSV_MAX_BYTES / 2 ** 20 })}
          </Alert>
        )}
        {mutation.isError && <Alert tone="error">{translateError(t, mutation.error)}</Alert>}
        {mutation.isSuccess &&
          (refused.length === 0 ? (
            <Alert tone="success">{t('runners.import.imported', { count: mutation.data.imported })}</Alert>
          ) : (
            <Alert tone="error">
              {t('runners.import.refused', { count: new Set(refused.map((x) => x.row)).size })}
            </Alert>
          ))}
      </div>
      {refused.length > 0 && (
        <table className="console-table runners-refused">
          <caption className="visually-hidden">{t('runners.import.refused_rows')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('runners.import.row')}</th>
              <th scope="col">{t('runners.import.column')}</th>
              <th scope="col">{t('runners.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {refused.map((x) => (
              <tr key={`${x.row}-${x.reason}-${x.column ?? ''}`}>
                <td data-label={t('runners.import.row')}>{x.row}</td>
                <td data-label={t('runners.import.column')}>
                  {x.column ? t(`runners.columns.${x.column}`) : t('runners.import.whole_file')}
                </td>
                <td data-label={t('runners.import.reason')}>{t(reasonKey(x.reason))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="dialog-actions">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('runners.import.close')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {t('runners.import.submit')}
        </Button>
      </div>
    </form>
  );
}
