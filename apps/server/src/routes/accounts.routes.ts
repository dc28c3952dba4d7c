import { accountEndpoints as e } from '@fotodrop/contract';
import { clientOf } from '../http/client';
import type { RouteContext } from './context';

export function accountRoutes({ route, services, requestInfo }: RouteContext): void {
  const { auth, accounts, externalAuth } = services;
  route(e.signup, async ({ body, request }) => {
    const { ip, organisationId } = await requestInfo(request);
    return accounts.signup(body, { ip, organisationId });
  });
  route(e.login, async ({ body, request }) => auth.login(body.username, body.password, request.ip));
  route(e.logout, async ({ auth: caller, request }) => auth.logout(caller, clientOf(request)));
  route(e.me, async ({ auth: caller, query }) => accounts.me(caller, query.include_perms === 'true'));
  route(e.updateMe, async ({ auth: caller, body }) => accounts.updateMe(caller, body));
  route(e.passwordReset, async ({ body, request }) => {
    const { ip, linkBase } = await requestInfo(request);
    return accounts.requestPasswordReset(body.email, { ip, linkBase: await linkBase() });
  });
  route(e.passwordResetConfirm, async ({ body }) =>
    accounts.confirmPasswordReset(body.token, body.new_password1),
  );
  route(e.passwordChange, async ({ auth: caller, body }) =>
    accounts.changePassword(caller, body.old_password, body.new_password1),
  );
  route(e.deleteAccount, async ({ auth: caller, body }) => accounts.deleteAccount(caller, body.password));
  route(e.convertToken, async ({ body, request }) =>
    externalAuth.convertSocialToken(body.backend, body.token, (await requestInfo(request)).organisationId),
  );
  route(e.partnerConvertToken, async ({ body, request }) =>
    externalAuth.convertPartnerToken(body.access_token, (await requestInfo(request)).organisationId),
  );
  route(e.ssoIntegration, async ({ body, request }) =>
    externalAuth.convertSsoToken(body.integration, body.token, (await requestInfo(request)).organisationId),
  );
}
