import { useEffect, useRef } from 'react';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { requireLogin } from '../../../shared/auth/require-login';
import { clearSession } from '../../../shared/auth/user';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Spinner } from '../../../shared/ui/spinner';
import { completeCheckin, type PendingCheckin } from '../api/complete-checkin';
import { readPendingStep } from '../steps/pending-step';
import { useStepFlow } from '../steps/use-step-flow';

/**
 * /complete-checkin?t=<token> brings its own login: the token is stored first, then the usual login
 * guard runs (the router mounts this route outside the login-required group for that reason, so
 * the guard cannot run before the token is there).
 */
export function loader(args: LoaderFunctionArgs) {
  const token = new URL(args.request.url).searchParams.get('t');
  const store = useAppStore.getState();
  if (token && token !== store.token) {
    // another session on this device ends: its user and cached answers must not mix with this one
    clearSession();
    useAppStore.getState().setAuth(token);
  }
  return requireLogin(args);
}

/** The check-in to complete: ?id=&complete_token= of the link, else the step stored when it began. */
function pendingCheckin(query: URLSearchParams): PendingCheckin | null {
  const id = Number(query.get('id'));
  const token = query.get('complete_token');
  if (Number.isInteger(id) && id > 0 && token) return { id, complete_token: token };
  return readPendingStep();
}

/**
 * /complete-checkin: completes the pending check-in (after the organiser's form, for instance),
 * then opens the album; a further step opens its modal here.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const steps = useStepFlow({
    onDismissed: () => void navigate(paths.checkins.getHref(), { replace: true }),
  });
  const started = useRef(false);
  usePageTitle(t('complete_checkin.title'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = pendingCheckin(query);
    const failed = () => navigate(paths.checkinError.getHref(), { replace: true });
    if (!pending) {
      void failed();
      return;
    }
    completeCheckin(pending).then((outcome) => {
      if (outcome.kind === 'step') steps.openStep(outcome.step);
      else steps.complete(outcome.checkin);
    }, failed);
  }, [query, navigate, steps]);

  return (
    <section className="page page-narrow status-page" aria-busy="true">
      <Spinner size="lg" />
      <h1>{t('complete_checkin.title')}</h1>
      <p>{t('complete_checkin.text')}</p>
      {steps.modal}
    </section>
  );
}
