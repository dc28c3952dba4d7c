import { organiserRunnerEndpoints as r } from '@fotodrop/contract/api/organiser-runners';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { callEndpoint } from '../../../shared/api/client';
import { isApiError } from '../../../shared/api/errors';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';

/**
 * /runners/opt-out?token=… — the link of a runner's "your photos are ready" e-mail (issue 20):
 * a button, not the visit, stops the e-mails, because mail scanners open links before people do.
 * No account needed: the token is signed by the server.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('runners.opt_out.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const optOut = useMutation({
    mutationFn: () => callEndpoint(r.runnerOptOut, { body: { token } }),
  });
  const invalid = !token || (isApiError(optOut.error) && optOut.error.status === 400);
  return (
    <section className="page page-narrow status-page">
      <h1>{t('runners.opt_out.title')}</h1>
      <div aria-live="polite">
        {optOut.isSuccess ? (
          <Alert tone="success">{t('runners.opt_out.done', { event: optOut.data.event_name })}</Alert>
        ) : invalid ? (
          <Alert tone="error">{t('runners.opt_out.invalid')}</Alert>
        ) : optOut.isError ? (
          <Alert tone="error">{translateError(t, optOut.error)}</Alert>
        ) : null}
      </div>
      {!optOut.isSuccess && !invalid && (
        <>
          <p>{t('runners.opt_out.text')}</p>
          <div className="actions">
            <Button loading={optOut.isPending} onClick={() => optOut.mutate()}>
              {t('runners.opt_out.confirm')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
