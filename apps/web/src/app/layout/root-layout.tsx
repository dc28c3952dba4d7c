import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useAppConfig } from '../../shared/config/use-app-config';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useAppStore } from '../../shared/store/app-store';
import { PageLoader } from '../../shared/ui/spinner';
import { Footer } from './footer';
import { Header } from './header';
import { useBranding } from './use-branding';

// rarely shown, so loaded only when needed
const SessionExpiredDialog = lazy(() => import('./session-expired-dialog'));
const MaintenancePage = lazy(() => import('../../features/misc/routes/maintenance'));
const ImpersonationBanner = lazy(
  () => import('../../features/impersonation/components/impersonation-banner'),
);

export function RootLayout() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const mobile = useIsMobile();
  const navigation = useNavigation();
  const sessionExpired = useAppStore((s) => s.modals.sessionExpired === true);
  const maintenance = useAppStore((s) => s.maintenance);
  const impersonating = useAppStore((s) => s.impersonator !== null);
  const { pathname } = useLocation();
  useBranding(config);
  // a new page starts at the top (ScrollRestoration costs 1 KB of the home budget)
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={mobile ? 'app-shell is-mobile' : 'app-shell'}>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      {navigation.state !== 'idle' && <div className="nav-progress" aria-hidden="true" />}
      {impersonating ? (
        // the banner and the header stick to the top together: whose session this is stays in view
        <div className="app-top">
          <Suspense fallback={null}>
            <ImpersonationBanner />
          </Suspense>
          <Header />
        </div>
      ) : (
        <Header />
      )}
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>{maintenance ? <MaintenancePage /> : <Outlet />}</Suspense>
      </main>
      <Footer />
      {sessionExpired && (
        <Suspense fallback={null}>
          <SessionExpiredDialog />
        </Suspense>
      )}
    </div>
  );
}
