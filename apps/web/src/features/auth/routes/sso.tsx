import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { clearSession } from '../../../shared/auth/user';
import { paths, safeNext } from '../../../shared/config/paths';
import { ssoLogin } from '../api/social-login';
import { SigningIn } from '../components/signing-in';
import type { LoginNotice } from './login';

/** /sso?token=…&integration=…: an organisation's single sign-on link. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const integration = params.get('integration');
    const next = safeNext(params.get('next'), paths.checkins.getHref());
    const run =
      token && integration ? ssoLogin(token, integration) : Promise.reject(new Error('incomplete link'));
    run.then(
      () => navigate(next, { replace: true }),
      () => {
        clearSession();
        void navigate(paths.login.getHref(), {
          replace: true,
          state: { notice: 'sso_failed' satisfies LoginNotice },
        });
      },
    );
  }, [params, navigate]);

  return <SigningIn />;
}
