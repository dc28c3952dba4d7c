import type { ImpersonationUser } from '@fotodrop/contract/api/impersonation';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import type { Ordering } from '../api/impersonation-api';

interface Props {
  users: ImpersonationUser[];
  ordering: Ordering;
  /** The user whose session is being opened (their button spins, the others wait). */
  pendingId: number | null;
  onImpersonate(user: ImpersonationUser): void;
  /** Cards instead of a table: a phone's width has no room for five columns. */
  mobile: boolean;
}

function useDate() {
  const { language } = useTranslation();
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (value: string | null) => (value ? format.format(new Date(value)) : null);
}

const fullName = (u: ImpersonationUser) => [u.first_name, u.last_name].filter(Boolean).join(' ');

function ImpersonateButton({
  user,
  pendingId,
  onImpersonate,
}: Omit<Props, 'users' | 'ordering' | 'mobile'> & { user: ImpersonationUser }) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={pendingId === user.id}
      disabled={pendingId !== null}
      onClick={() => onImpersonate(user)}
    >
      {t('impersonation.impersonate')}
      <span className="visually-hidden"> {user.email}</span>
    </Button>
  );
}

/** The users of one page: a table on wide screens, a list of cards on a phone. */
export function UserTable({ users, ordering, pendingId, onImpersonate, mobile }: Props) {
  const { t } = useTranslation();
  const date = useDate();
  if (mobile) {
    return (
      <ul className="impersonation-cards">
        {users.map((user) => (
          <li key={user.id} className="card impersonation-card">
            <p className="impersonation-email">{user.email}</p>
            {fullName(user) && <p>{fullName(user)}</p>}
            <p className="impersonation-detail">
              {t('impersonation.columns.joined')}: {date(user.date_joined)} ·{' '}
              {t('impersonation.columns.last_login')}: {date(user.last_login) ?? t('impersonation.never')}
            </p>
            <ImpersonateButton user={user} pendingId={pendingId} onImpersonate={onImpersonate} />
          </li>
        ))}
      </ul>
    );
  }
  const sorted = (column: string): 'ascending' | 'descending' | undefined =>
    ordering === column ? 'ascending' : ordering === `-${column}` ? 'descending' : undefined;
  return (
    <div className="impersonation-table-wrap">
      <table className="impersonation-table">
        <thead>
          <tr>
            <th scope="col" aria-sort={sorted('email')}>
              {t('impersonation.columns.email')}
            </th>
            <th scope="col" aria-sort={sorted('last_name') ?? sorted('first_name')}>
              {t('impersonation.columns.name')}
            </th>
            <th scope="col" aria-sort={sorted('date_joined')}>
              {t('impersonation.columns.joined')}
            </th>
            <th scope="col">{t('impersonation.columns.last_login')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('impersonation.columns.action')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td className="impersonation-email">{user.email}</td>
              <td>{fullName(user)}</td>
              <td>{date(user.date_joined)}</td>
              <td>{date(user.last_login) ?? t('impersonation.never')}</td>
              <td>
                <ImpersonateButton user={user} pendingId={pendingId} onImpersonate={onImpersonate} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
