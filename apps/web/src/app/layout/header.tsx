import { Link, NavLink, useLocation, useMatches, useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/config/use-app-config';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useIsLoggedIn } from '../../shared/store/app-store';
import { BrandLogo } from '../../shared/ui/logo';
import { paths, type RouteHandle } from '../paths';

function useRouteFlags(): RouteHandle {
  const matches = useMatches();
  const flags: RouteHandle = {};
  for (const match of matches) Object.assign(flags, match.handle as RouteHandle | undefined);
  return flags;
}

const icon = {
  back: 'M15 5 8 12l7 7',
  albums: 'M4 6h16v12H4zM4 15l4.5-4.5 3.5 3.5 2.5-2.5L20 17M15.5 9.5h.01',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
  cart: 'M3 4h2.5l2.2 10.5h10.1L20 7H6.6M9.5 19.5h.01M17 19.5h.01',
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const loggedIn = useIsLoggedIn();
  const mobile = useIsMobile();
  const flags = useRouteFlags();
  const { pathname } = useLocation();
  const showCart = loggedIn && !config.hide_cart && !flags.hideCartIcon;

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.checkins.getHref());
  };

  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

  return (
    <header className="app-header">
      <div className="container header-inner">
        {flags.backButton && (
          <button type="button" className="icon-btn" onClick={goBack} aria-label={t('nav.back')}>
            <Icon d={icon.back} />
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
            <>
              <NavLink
                to={paths.checkins.getHref()}
                className={navClass}
                aria-label={mobile ? t('nav.my_albums') : undefined}
              >
                <Icon d={icon.albums} />
                {!mobile && <span>{t('nav.my_albums')}</span>}
              </NavLink>
              <NavLink
                to={paths.profileResume.getHref()}
                className={() => navClass({ isActive: pathname.startsWith('/profile/') })}
                aria-label={mobile ? t('nav.profile') : undefined}
              >
                <Icon d={icon.profile} />
                {!mobile && <span>{t('nav.profile')}</span>}
              </NavLink>
              {showCart && (
                <NavLink to={paths.checkout.getHref()} className={navClass} aria-label={t('nav.cart')}>
                  <Icon d={icon.cart} />
                </NavLink>
              )}
            </>
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
