import './checkins.css';
import { normalizePicacode } from '@fotodrop/contract/rules/picacode';
import { lazy, Suspense, useEffect } from 'react';
import { type LoaderFunctionArgs, redirect, useLoaderData, useLocation, useNavigate } from 'react-router';
import { paths, safeNext } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { resetCheckinList } from '../api/checkin-queries';
import type { CheckinOutcome } from '../api/create-checkin';
import { AlbumCodeForm } from '../components/album-code-form';
import { AlbumList } from '../components/album-list';
import { useStepFlow } from '../steps/use-step-flow';

// only a preview link with the marketing check asks: its own chunk (home route budget)
const MarketingConsentDialog = lazy(() =>
  import('../components/marketing-consent-dialog').then((m) => ({ default: m.MarketingConsentDialog })),
);

/** What another screen may tell /checkins through the navigation state. */
export interface CheckinsNotice {
  notice: 'album_removed';
  picacode: string;
}

/**
 * The code to open (entry spec §2 "/checkins in detail"): first the recovery item (session
 * storage), then ?picacode=, then the preview's auto-check-in code. It is remembered for recovery;
 * the auto-check-in code and the redirect target are used once. With a redirect target set, the
 * browser goes there and the remembered code opens on the next visit.
 */
export function loader({ request }: LoaderFunctionArgs): { initialCode: string | null } {
  const store = useAppStore.getState();
  // logged out: the login guard sends the user away first; nothing is used up meanwhile
  if (!store.token) return { initialCode: null };
  const { picacodeRecovery, preview } = store;
  const raw =
    picacodeRecovery ?? new URL(request.url).searchParams.get('picacode') ?? preview?.autoCheckinPicacode;
  const initialCode = raw ? normalizePicacode(raw) || null : null;
  if (initialCode) store.setPicacodeRecovery(initialCode);
  // the album screen comes next: its chunk downloads while the album is created (issue 20)
  if (initialCode) void import('./checkin-detail');
  if (preview?.autoCheckinPicacode || preview?.redirect) {
    store.setPreview({ ...preview, autoCheckinPicacode: null, redirect: null });
  }
  // only paths of this site, as on /preview (the stored value could have been edited)
  const target = safeNext(preview?.redirect, '');
  if (target) throw redirect(target);
  return { initialCode };
}

/** /checkins — "My albums": the album-code entry and the user's albums. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { initialCode } = useLoaderData<typeof loader>();
  const steps = useStepFlow();
  const marketingCheck = useAppStore((s) => s.preview?.marketingCheck === true);
  const notice = location.state as CheckinsNotice | null;
  usePageTitle(t('checkins.title'));
  useEffect(() => {
    // the queue's own chunk: this page is on the home route's budget
    void import('../../../shared/metrics').then((m) => m.trackMetric({ type: 'checkin_page_opened' }));
  }, []);

  const onOutcome = (outcome: Exclude<CheckinOutcome, { kind: 'invalid' }>, auto: boolean) => {
    // a code from a link is not submitted again when the user comes back to this entry
    const options = { replace: auto };
    if (outcome.kind === 'created') {
      void resetCheckinList();
      void navigate(paths.checkin.getHref(outcome.checkin.picacode), options);
    } else if (outcome.kind === 'exists') {
      void navigate(paths.checkin.getHref(outcome.picacode), options);
    } else {
      steps.openStep(outcome.step);
    }
  };

  return (
    <section className="page page-medium">
      <h1>{t('checkins.title')}</h1>
      <p className="page-intro">{t('checkins.intro')}</p>
      {notice?.notice === 'album_removed' && (
        <Alert tone="success">{t('checkins.removed', { code: notice.picacode })}</Alert>
      )}
      <AlbumCodeForm key={location.key} initialCode={initialCode} onOutcome={onOutcome} />
      <AlbumList />
      {steps.modal}
      {marketingCheck && !steps.modal && (
        <Suspense fallback={null}>
          <MarketingConsentDialog />
        </Suspense>
      )}
    </section>
  );
}
