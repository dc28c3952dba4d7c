import './console.css';
import { type ConsoleAction, roleMay } from '@fotodrop/contract/rules/console-permissions';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { type JoinedOrganisationState, paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { useCurrentOrganisation } from './current-organisation';

/** `within`: pages under another path that belong to the section (an event's pages to Events). */
const SECTIONS: { key: string; href: string; action: ConsoleAction; end?: boolean; within?: string }[] = [
  {
    key: 'events',
    href: paths.organiserHome.getHref(),
    action: 'events.read',
    end: true,
    within: '/organiser/events/',
  },
  { key: 'upload', href: paths.organiserUpload.getHref(), action: 'media.upload' },
  { key: 'dashboard', href: paths.organiserDashboard.getHref(), action: 'metrics.read' },
  { key: 'orders', href: paths.organiserOrders.getHref(), action: 'orders.read' },
  { key: 'prices', href: paths.organiserPriceSheets.getHref(), action: 'selling.manage' },
  { key: 'vouchers', href: paths.organiserVouchers.getHref(), action: 'selling.manage' },
  { key: 'selling', href: paths.organiserSelling.getHref(), action: 'selling.manage' },
  { key: 'support', href: paths.organiserSupport.getHref(), action: 'orders.read' },
  { key: 'team', href: paths.organiserTeam.getHref(), action: 'team.manage' },
  { key: 'branding', href: paths.organiserBranding.getHref(), action: 'branding.manage' },
];
// The contract's PLATFORM_STAFF_PERMISSION (constants, no zod)
const STAFF = 'platform.staff';

/**
 * Every console page: the organisation switcher and the sections the caller's role may open (the
 * server checks each call again; hiding is only for clarity). `title` names the page.
 */
export function ConsoleLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  const { query, organisations, current, choose } = useCurrentOrganisation();
  const isStaff = useAppStore((s) => s.user?.perms?.includes(STAFF) === true);
  const switcherId = useId();
  const nav = useRef<HTMLElement>(null);
  // on a phone the sections scroll sideways: the open one is brought into view
  useEffect(() => {
    nav.current?.querySelector('.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  });
  // left by the invitation page after accepting
  const location = useLocation();
  const joined = (location.state as Partial<JoinedOrganisationState> | null)?.joined;

  return (
    <div className="console">
      {(organisations.length > 0 || isStaff) && (
        <div className="console-bar">
          <div className="container console-bar-inner">
            {organisations.length > 1 ? (
              <div className="console-switcher">
                <label className="visually-hidden" htmlFor={switcherId}>
                  {t('organiser.console.organisation')}
                </label>
                <select
                  id={switcherId}
                  className="input select"
                  value={current?.id ?? ''}
                  onChange={(e) => choose(Number(e.target.value))}
                >
                  {organisations.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              current && <strong className="console-organisation">{current.name}</strong>
            )}
            <nav ref={nav} className="console-nav" aria-label={t('organiser.console.nav')}>
              {SECTIONS.filter((s) => current && roleMay(current.role, s.action)).map((s) => (
                <NavLink
                  key={s.key}
                  to={s.href}
                  end={s.end}
                  className={({ isActive }) =>
                    isActive || (s.within && location.pathname.startsWith(s.within))
                      ? 'console-nav-link active'
                      : 'console-nav-link'
                  }
                >
                  {t(`organiser.console.sections.${s.key}`)}
                </NavLink>
              ))}
              {isStaff && (
                <NavLink to={paths.organiserNewOrganisation.getHref()} className="console-nav-link">
                  {t('organiser.console.sections.new_organisation')}
                </NavLink>
              )}
            </nav>
          </div>
        </div>
      )}
      <section className="page container organiser-page">
        <h1>{title}</h1>
        {joined && (
          <Alert tone="success">
            {t('organiser.joined', {
              organisation: joined.organisation,
              role: t(`organiser.roles.${joined.role}`),
            })}
          </Alert>
        )}
        {query.isPending ? (
          <PageLoader />
        ) : query.isError ? (
          <Alert tone="error">{translateError(t, query.error)}</Alert>
        ) : (
          children
        )}
      </section>
    </div>
  );
}
