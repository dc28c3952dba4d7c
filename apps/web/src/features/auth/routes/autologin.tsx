import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../../shared/auth/user';
import { paths, safeNext } from '../../../shared/config/paths';
import {
  convertIdToken,
  convertPartnerToken,
  idTokenNonce,
  takeSocialLoginRequest,
} from '../api/social-login';
import { SigningIn } from '../components/signing-in';
import type { LoginNotice } from './login';

/**
 * /autologin: the end of a social login (`#id_token=…&state=<provider>` from the provider) or a
 * partner link (`?access_token=…`). The token is exchanged for an API token, then the user goes to
 * `next` or the albums; any failure ends on /login with the social-login-failure notice.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    const query = new URLSearchParams(location.search);
    const request = takeSocialLoginRequest();
    const next = safeNext(query.get('next') ?? request?.next, paths.checkins.getHref());

    async function exchange(): Promise<void> {
      const idToken = hash.get('id_token');
      const provider = hash.get('state');
      const accessToken = query.get('access_token');
      if (idToken && provider) {
        // a nonce we sent must come back inside the token (replayed tokens are refused)
        const nonce = idTokenNonce(idToken);
        if (request && nonce !== null && nonce !== request.nonce) throw new Error('nonce mismatch');
        await convertIdToken(provider, idToken);
      } else if (accessToken) {
        await convertPartnerToken(accessToken);
      } else {
        throw new Error(hash.get('error') ?? 'no token in the autologin link');
      }
    }

    exchange().then(
      () => navigate(next, { replace: true }),
      () => {
        clearSession();
        void navigate(paths.login.getHref(), {
          replace: true,
          state: { notice: 'social_failed' satisfies LoginNotice },
        });
      },
    );
  }, [location, navigate]);

  return <SigningIn />;
}
