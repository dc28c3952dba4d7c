import { lazy, type ReactNode, Suspense } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../shared/config/paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useAppStore } from '../../shared/store/app-store';
import { Icon, navClass } from './nav-icon';

// The contract's MEDIA_UPLOAD_PERMISSION; its module would bring zod into the first chunk.
const MEDIA_UPLOAD_PERMISSION = 'media.upload';
// The contract's PLATFORM_STAFF_PERMISSION (staff create organisations in the console), likewise.
const PLATFORM_STAFF_PERMISSION = 'platform.staff';
// The contract's IMPERSONATE_PERMISSION, for the same reason.
const IMPERSONATE_PERMISSION = 'users.impersonate';

const icon = {
  albums: 'M4 6h16v12H4zM4 15l4.5-4.5 3.5 3.5 2.5-2.5L20 17M15.5 9.5h.01',
  upload: 'M12 15V4M7 9l5-5 5 5M4 15v5h16v-5',
  impersonate:
    'M10 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 20c1.2-3.2 3.8-5 7-5 1.4 0 2.7.3 3.8 1M17 14l3 3-3 3M20 17h-6',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
  cart: 'M3 4h2.5l2.2 10.5h10.1L20 7H6.6M9.5 19.5h.01M17 19.5h.01',
};

// The cart count asks the server through TanStack Query and the cart's API module: a chunk of its
// own, so the links above show at once and the link reads "Cart" until the count is there.
const CartCount = lazy(() => import('../../features/cart').then((m) => ({ default: m.CartCount })));

/**
 * On a site that hides the cart (AppConfig.hide_cart) the link shows only while the cart holds
 * something: a user has one cart across sites (docs/decisions.md), and what an album's buttons
 * or another site put in it must stay reachable.
 */
const WhenCartFilled = lazy(() =>
  import('../../features/cart').then(({ useCartTotals }) => ({
    default: function WhenCartFilled({ children }: { children: ReactNode }) {
      const totals = useCartTotals().data;
      const count = (totals?.digital_items_count ?? 0) + (totals?.print_items_count ?? 0);
      return count > 0 ? children : null;
    },
  })),
);

/** Whether the header links the cart: always, only while it holds items, or not on this screen. */
export type CartLinkMode = 'shown' | 'when-filled' | 'hidden';

/** The signed-in user's links. Loaded apart from the header: the home page is for visitors. */
export default function UserNav({ mobile, cart }: { mobile: boolean; cart: CartLinkMode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // a member of an organisation's team, or an uploader of the time before teams (issue 18)
  const canUpload = useAppStore(
    (s) =>
      (s.user?.organisation_count ?? 0) > 0 ||
      s.user?.perms?.some(
        (perm) => perm === MEDIA_UPLOAD_PERMISSION || perm === PLATFORM_STAFF_PERMISSION,
      ) === true,
  );
  const canImpersonate = useAppStore(
    (s) => s.impersonator === null && s.user?.perms?.includes(IMPERSONATE_PERMISSION) === true,
  );
  return (
    <>
      <NavLink
        to={paths.checkins.getHref()}
        className={navClass}
        aria-label={mobile ? t('nav.my_albums') : undefined}
      >
        <Icon d={icon.albums} />
        {!mobile && <span>{t('nav.my_albums')}</span>}
      </NavLink>
      {canUpload && (
        <NavLink
          to={paths.organiserHome.getHref()}
          className={navClass}
          aria-label={mobile ? t('nav.console') : undefined}
        >
          <Icon d={icon.upload} />
          {!mobile && <span>{t('nav.console')}</span>}
        </NavLink>
      )}
      {canImpersonate && (
        <NavLink
          to={paths.impersonate.getHref()}
          className={navClass}
          aria-label={mobile ? t('nav.impersonate') : undefined}
        >
          <Icon d={icon.impersonate} />
          {!mobile && <span>{t('nav.impersonate')}</span>}
        </NavLink>
      )}
      <NavLink
        to={paths.profileResume.getHref()}
        className={() => navClass({ isActive: pathname.startsWith('/profile/') })}
        aria-label={mobile ? t('nav.profile') : undefined}
      >
        <Icon d={icon.profile} />
        {!mobile && <span>{t('nav.profile')}</span>}
      </NavLink>
      {cart === 'shown' && <CartLink />}
      {cart === 'when-filled' && (
        <Suspense fallback={null}>
          <WhenCartFilled>
            <CartLink />
          </WhenCartFilled>
        </Suspense>
      )}
    </>
  );
}

function CartLink() {
  const { t } = useTranslation();
  return (
    <NavLink to={paths.checkout.getHref()} className={(state) => `${navClass(state)} nav-cart`}>
      <Icon d={icon.cart} />
      <Suspense fallback={<span className="visually-hidden">{t('nav.cart')}</span>}>
        <CartCount />
      </Suspense>
    </NavLink>
  );
}
