import './profile.css';
import type { User } from '@fotodrop/contract/api/accounts';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useUser } from '../../../shared/auth/user';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageLoader } from '../../../shared/ui/spinner';

const SECTIONS = [
  { to: paths.profileResume.getHref(), key: 'profile.nav.resume' },
  { to: paths.orders.getHref(), key: 'profile.nav.orders' },
  { to: paths.profilePrivacy.getHref(), key: 'profile.nav.privacy' },
  { to: paths.profileChangePassword.getHref(), key: 'profile.nav.password' },
] as const;

/** Frame of the profile screens: title, section tabs, then the section for the loaded user. */
export function ProfilePage({ title, children }: { title: string; children: (user: User) => ReactNode }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  usePageTitle(title);
  return (
    <section className="page page-medium profile">
      <h1>{title}</h1>
      <nav className="tabs" aria-label={t('profile.nav.label')}>
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} className="tab" end>
            {t(section.key)}
          </NavLink>
        ))}
      </nav>
      {user ? children(user) : <PageLoader />}
    </section>
  );
}
