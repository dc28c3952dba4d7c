import { ErrorCode } from '@fotodrop/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { useUser } from '../../../shared/auth/user';
import { paths } from '../../../shared/config/paths';
import { errorMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useIsLoggedIn } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Spinner } from '../../../shared/ui/spinner';
import { invitationKey, lookupInvitation } from '../api/invitation';
import { AuthPage } from '../components/auth-page';
import { InvitationForm } from '../components/invitation-form';

/**
 * /organiser/invitation?token=…: the page an invitation e-mail links to. It looks the invitation up
 * first and says who invited whom to what; then it asks what that account needs: a new account's
 * name, password and consents, an existing account's password, or nothing when signed in as it.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <AuthPage title={t('auth.invitation.title')}>
        <Alert tone="error">{t('validation.invitation.invalid')}</Alert>
      </AuthPage>
    );
  }
  return <Invitation key={token} token={token} />;
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  // whose session this is decides between "join" and "enter the invited account's password"
  const user = useUser();
  const lookup = useQuery({
    queryKey: invitationKey(token),
    queryFn: () => lookupInvitation(token),
    // a link that does not work will not start working; the rate limit is not worth spending
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (lookup.isPending || (loggedIn && user.isPending)) {
    return (
      <AuthPage title={t('auth.invitation.title')}>
        <Spinner label={t('app.loading')} />
      </AuthPage>
    );
  }
  if (lookup.isError) return <LinkRefused error={lookup.error} />;
  const signedInAs = loggedIn ? (user.data?.email ?? null) : null;
  return <InvitationForm token={token} invitation={lookup.data} signedInAs={signedInAs} />;
}

/** Unknown, used or expired: none of them can be fixed on this page, so say what to do instead. */
function LinkRefused({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { key, vars } = errorMessage(error);
  const used = isApiError(error) && error.code === ErrorCode.invitationUsed;
  return (
    <AuthPage title={t('auth.invitation.title')}>
      <Alert tone="error">{t(key, vars)}</Alert>
      <p className="form-footer">
        {used ? (
          <Link to={paths.organiserHome.getHref()}>{t('auth.invitation.to_console')}</Link>
        ) : (
          <Link to={paths.home.getHref()}>{t('auth.invitation.to_home')}</Link>
        )}
      </p>
    </AuthPage>
  );
}
