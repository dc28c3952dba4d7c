import { LANGUAGES, type Language } from '@fotodrop/contract/languages';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorDataNumber, isApiError } from '../../../shared/api/errors';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { type CodeFilters, codeCardsPdf, exportCodesCsv, saveFile } from './codes-api';

type Layout = 'a6' | 'a4';

/**
 * "Export CSV" and "Print QR cards" for the list's current filter. Both are fetched with the
 * Authorization header and handed to the browser as files: a plain link could not send it.
 */
export function CodesDownloads({ slug, filters }: { slug: string; filters: CodeFilters }) {
  const { t } = useTranslation();
  const layoutId = useId();
  const languageId = useId();
  const [layout, setLayout] = useState<Layout>('a6');
  // '' = the server's default, the language of the organisation's country
  const [language, setLanguage] = useState<Language | ''>('');
  const csv = useMutation({
    mutationFn: () => exportCodesCsv(slug, filters),
    onSuccess: (blob) => saveFile(blob, `codes-${slug}.csv`),
  });
  const cards = useMutation({
    mutationFn: (chosen: Layout) => codeCardsPdf(slug, filters, chosen, language || undefined),
    onSuccess: (blob, chosen) => saveFile(blob, `code-cards-${slug}-${chosen}.pdf`),
  });
  const error = csv.error ?? cards.error;

  return (
    <div className="codes-downloads">
      <Button
        variant="secondary"
        loading={csv.isPending}
        onClick={() => {
          cards.reset();
          csv.mutate();
        }}
      >
        {t('organiser.codes.export_csv')}
      </Button>
      <div className="codes-cards">
        <div className="codes-cards-field">
          <label className="field-label" htmlFor={layoutId}>
            {t('organiser.codes.cards_layout')}
          </label>
          <select
            id={layoutId}
            className="input select"
            value={layout}
            onChange={(e) => setLayout(e.target.value as Layout)}
          >
            <option value="a6">{t('organiser.codes.layout_a6')}</option>
            <option value="a4">{t('organiser.codes.layout_a4')}</option>
          </select>
        </div>
        <div className="codes-cards-field">
          <label className="field-label" htmlFor={languageId}>
            {t('organiser.codes.cards_language')}
          </label>
          <select
            id={languageId}
            className="input select"
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language | '')}
          >
            <option value="">{t('organiser.codes.cards_language_default')}</option>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          loading={cards.isPending}
          onClick={() => {
            csv.reset();
            cards.mutate(layout);
          }}
        >
          {t('organiser.codes.print_cards')}
        </Button>
      </div>
      <p className="field-hint codes-downloads-hint">{t('organiser.codes.downloads_hint')}</p>
      {error && (
        <Alert tone="error">
          {isApiError(error) && error.code === 'too_many_cards'
            ? t('organiser.codes.too_many_cards', {
                count: errorDataNumber(error, 'count') ?? 0,
                max: errorDataNumber(error, 'max') ?? 0,
              })
            : isApiError(error) && error.status === 404 && cards.isError
              ? t('organiser.codes.no_cards')
              : translateError(t, error)}
        </Alert>
      )}
    </div>
  );
}
