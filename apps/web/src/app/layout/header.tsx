import { lazy, Suspense } from 'react';
import { Link, NavLink, useMatches, useNavigate } from 'react-router';
import { paths, type RouteHandle } from '../../shared/config/paths';
import { useAppConfig } from '../../shared/config/use-app-config';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useAppStore, useIsLoggedIn } from '../../shared/store/app-store';
import { BrandLogo } from '../../shared/ui/logo';
import { Icon, navClass } from './nav-icon';

function useRouteFlags(): RouteHandle {
  const matches = useMatches();
  const flags: RouteHandle = {};
  for (const match of matches) Object.assign(flags, match.handle as RouteHandle | undefined);
  return flags;
}

// Signed-in users' links are a chunk of their own (the home page is for visitors, home-route
// budget); fetched at once when a session is stored, so the header shows them with the page.
const loadUserNav = () => import('./user-nav');
if (useAppStore.getState().token) void loadUserNav();
const UserNav = lazy(loadUserNav);

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const loggedIn = useIsLoggedIn();
  const mobile = useIsMobile();
  const flags = useRouteFlags();
  // a site that hides the cart still links it while it holds items (one cart across sites)
  const cart = flags.hideCartIcon ? 'hidden' : config.hide_cart ? 'when-filled' : 'shown';

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.checkins.getHref());
  };

  return (
    <header className="app-header">
      <div className="container header-inner">
        {flags.backButton && (
          <button type="button" className="icon-btn" onClick={goBack} aria-label={t('nav.back')}>
            <Icon d="M15 5 8 12l7 7" />
          </button>
        )}
        <Link
          to={paths.home.getHref()}
          className="brand-link"
          aria-label={t('nav.home_label', { name: config.name })}
        >
          <BrandLogo size={mobile ? 26 : 30} />
        </Link>
        <nav className="main-nav" aria-label={t('nav.main')}>
          {loggedIn ? (
            <Suspense fallback={null}>
              <UserNav mobile={mobile} cart={cart} />
            </Suspense>
          ) : (
            <>
              <NavLink to={paths.login.getHref()} className={navClass}>
                {t('nav.login')}
              </NavLink>
              <Link to={paths.signup.getHref()} className="btn btn-primary btn-sm">
                {t('nav.signup')}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
