import { formatBibRanges, parseBibList } from '@fotodrop/contract/rules/bib-numbers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import './bibs.css';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { PageLoader } from '../../../shared/ui/spinner';
import { BibListInput } from './bib-list-input';
import { bibKeys, eventBibsQuery, putEventBibs } from './bibs-api';

/** The event page's "Bibs" tab (issue 20): the issued list and the recognition switch. */
export function BibsPanel({ slug, canManage }: { slug: string; canManage: boolean }) {
  const { t } = useTranslation();
  const saved = useQuery(eventBibsQuery(slug));
  if (saved.isPending) return <PageLoader />;
  if (saved.isError) return <Alert tone="error">{translateError(t, saved.error)}</Alert>;
  return (
    <BibsForm
      slug={slug}
      canManage={canManage}
      numbers={saved.data.numbers}
      recognition={saved.data.recognition}
    />
  );
}

function BibsForm({
  slug,
  canManage,
  numbers,
  recognition: savedRecognition,
}: {
  slug: string;
  canManage: boolean;
  numbers: string[];
  recognition: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => formatBibRanges(numbers));
  const [recognition, setRecognition] = useState(savedRecognition);
  const save = useMutation({
    mutationFn: () => putEventBibs(slug, { numbers: parseBibList(text).numbers, recognition }),
    onSuccess: (answer) => queryClient.setQueryData(bibKeys.event(slug), answer),
  });
  return (
    <section className="card console-card bibs-panel" aria-labelledby="bibs-title">
      <h2 id="bibs-title">{t('organiser.bibs.title')}</h2>
      <p>{t('organiser.bibs.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <BibListInput value={text} onChange={setText} disabled={!canManage} />
        <Checkbox
          asSwitch
          label={t('organiser.bibs.recognition')}
          description={t('organiser.bibs.recognition_help')}
          checked={recognition}
          disabled={!canManage}
          onChange={(e) => setRecognition(e.target.checked)}
        />
        {canManage && (
          <div className="event-actions">
            <Button type="submit" variant="primary" loading={save.isPending}>
              {t('organiser.bibs.save')}
            </Button>
          </div>
        )}
        <div aria-live="polite">
          {save.isError && <Alert tone="error">{translateError(t, save.error)}</Alert>}
          {save.isSuccess && <Alert tone="success">{t('organiser.bibs.saved')}</Alert>}
        </div>
      </form>
    </section>
  );
}
