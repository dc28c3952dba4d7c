import { expect } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import type { Backend } from './databases';
import { call, collectingMailer, type Harness, type HarnessOptions, SIGNUP, startHarness } from './harness';

export const NEW_PASSWORD = 'Team-work-2026!';
const ORGS = '/api/organiser/v1/organisations/';
export const membersUrl = (orgId: number, memberId?: number) =>
  `${ORGS}${orgId}/members/${memberId === undefined ? '' : `${memberId}/`}`;
export const ACCEPT_URL = '/api/organiser/v1/invitations/accept/';
export const LOOKUP_URL = '/api/organiser/v1/invitations/lookup/';
/** What a new account accepting an invitation sends besides its token: the sign-up form's consents. */
export const NEW_ACCOUNT = { password: NEW_PASSWORD, is_adult: true, accept_terms: true } as const;

/** The real app with the demo seed and a mail worker whose messages the test reads. */
export async function startTeamHarness(backend: Backend, options: HarnessOptions = {}) {
  const mailer = collectingMailer();
  const h: Harness = await startHarness(backend, { ...options, mailer });
  await registerMailWorker(h.jobs, mailer);
  await seedDemo(h.database.db, argon2Hasher, 1);

  const logIn = async (username: string, password: string) => {
    const answer = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', { username, password });
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  };

  /** The invitation link of the latest e-mail to `to` (waits for the mail job). */
  const invitationLink = async (to: string): Promise<string> => {
    for (let i = 0; i < 100; i++) {
      const mail = mailer.sent.findLast((m) => m.to === to);
      const link =
        mail && /https?:\/\/\S+\/organiser\/invitation\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
      if (link) return link;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no invitation e-mail to ${to}`);
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

  /** Waits until `count` e-mails were sent to `to`, then returns the newest link. */
  const nextInvitation = async (to: string, before: number) => {
    for (let i = 0; i < 100 && mailer.sent.filter((m) => m.to === to).length <= before; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return invitationLink(to);
  };
  const sentTo = (to: string) => mailer.sent.filter((m) => m.to === to).length;

  const staff = await logIn('staff@fotodrop.test', 'Fotodrop-staff1');

  /** Staff creates an organisation; its owner accepts with a new account. */
  const createOrganisation = async (appName: string, ownerEmail: string) => {
    const before = sentTo(ownerEmail);
    const created = await call(
      h.app,
      'POST',
      ORGS,
      { name: `Org ${appName}`, app_name: appName, country: 'IT', currency: 'EUR', owner_email: ownerEmail },
      { token: staff },
    );
    expect(created.status).toBe(201);
    const link = await nextInvitation(ownerEmail, before);
    const accepted = await call(h.app, 'POST', ACCEPT_URL, { token: tokenOf(link), ...NEW_ACCOUNT });
    expect(accepted.status).toBe(200);
    return { id: created.body.id as number, owner: accepted.body.token as string };
  };

  /** `inviter` invites `email` with `role`; the invitee accepts with a new account. */
  const addMember = async (orgId: number, inviter: string, email: string, role: string) => {
    const before = sentTo(email);
    const invited = await call(h.app, 'POST', membersUrl(orgId), { email, role }, { token: inviter });
    expect(invited.status).toBe(201);
    const link = await nextInvitation(email, before);
    const accepted = await call(h.app, 'POST', ACCEPT_URL, { token: tokenOf(link), ...NEW_ACCOUNT });
    expect(accepted.status).toBe(200);
    const members = await call(h.app, 'GET', membersUrl(orgId), undefined, { token: staff });
    const member = (members.body.results as { id: number; email: string }[]).find((m) => m.email === email);
    return { token: accepted.body.token as string, memberId: member?.id as number };
  };

  const participant = async (email: string) => {
    const answer = await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email });
    expect(answer.status).toBe(201);
    return answer.body.token as string;
  };

  return {
    h,
    mailer,
    staff,
    logIn,
    invitationLink,
    nextInvitation,
    sentTo,
    tokenOf,
    createOrganisation,
    addMember,
    participant,
  };
}
export type TeamHarness = Awaited<ReturnType<typeof startTeamHarness>>;

export const brandingUrl = (id: number) => `${ORGS}${id}/branding/`;
export const brandingImageUrl = (id: number, kind: string) => `${brandingUrl(id)}images/${kind}/`;

/** POSTs an image to a branding image URL as the console does: multipart, the file in `file`. */
export async function uploadBrandingImage(
  t: TeamHarness,
  url: string,
  token: string,
  bytes: Buffer,
  name = 'logo.jpg',
) {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  const response = new Response(form);
  const raw = await t.h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Token ${token}`, 'content-type': response.headers.get('content-type')! },
    payload: Buffer.from(await response.arrayBuffer()),
  });
  return { status: raw.statusCode, body: raw.json() as Record<string, unknown> };
}
