import type { Invitation, Member } from '@fotodrop/contract/api/organisations';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let members: Member[];
let invitations: Invitation[];
let myRole: 'owner' | 'manager';

const member = (id: number, email: string, role: Member['role'], userId = id + 100): Member => ({
  id,
  user_id: userId,
  email,
  first_name: email.split('@')[0]!,
  last_name: '',
  role,
  created_at: '2026-11-01T10:00:00Z',
});

/** The team calls as the server answers them, one organisation (34) with its last owner protected. */
function teamApi(req: RecordedRequest): Answer {
  if (req.path.startsWith('/api/v2/users/me/'))
    return { status: 200, body: makeUser({ organisation_count: 2 }) };
  if (req.path === '/api/organiser/v1/organisations/') {
    return {
      status: 200,
      body: {
        results: [makeMyOrganisation({ role: myRole }), makeMyOrganisation({ id: 40, name: 'Alpine Run' })],
      },
    };
  }
  if (req.method === 'GET' && req.path === '/api/organiser/v1/organisations/34/members/') {
    return { status: 200, body: { results: members, invitations } };
  }
  if (req.method === 'POST' && req.path === '/api/organiser/v1/organisations/34/members/') {
    const body = JSON.parse(req.body) as { email: string; role: Member['role'] };
    const invitation = {
      id: 9,
      ...body,
      expires_at: '2026-12-04T10:00:00Z',
      created_at: '2026-11-27T10:00:00Z',
    };
    invitations = [invitation];
    return { status: 201, body: invitation };
  }
  const change = /^\/api\/organiser\/v1\/organisations\/34\/members\/(\d+)\/$/.exec(req.path);
  if (change && req.method === 'PATCH') {
    const target = members.find((m) => m.id === Number(change[1]))!;
    const { role } = JSON.parse(req.body) as { role: Member['role'] };
    if (target.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1) {
      return {
        status: 409,
        body: { code: 'last_owner', message: 'The organisation needs at least one owner.' },
      };
    }
    target.role = role;
    return { status: 200, body: target };
  }
  if (change && req.method === 'DELETE') {
    members = members.filter((m) => m.id !== Number(change[1]));
    return { status: 200, body: { detail: 'Removed.' } };
  }
  return undefined;
}

const server = consoleTestServer((req) => teamApi(req));
beforeEach(() => {
  myRole = 'owner';
  members = [member(1, 'ada@example.com', 'owner', 7), member(2, 'pia@example.com', 'photographer')];
  invitations = [];
});

const rowOf = (email: string) => screen.getByText(email).closest('tr')!;

describe('the team page', () => {
  it('invites by e-mail with a role and lists the open invitation', async () => {
    renderApp('/organiser/team');
    expect(await screen.findByRole('heading', { name: '2 members' }, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'Ben@Example.com ' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'manager' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(/Invitation sent to ben@example.com/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    const sent = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(sent!.body)).toEqual({ email: 'ben@example.com', role: 'manager' });
    expect(await screen.findByText(/ben@example.com as manager, the link works until/)).toBeTruthy();
  });

  it("changes a member's role and shows the server's refusal to demote the last owner", async () => {
    renderApp('/organiser/team');
    await screen.findByText('pia@example.com', {}, { timeout: 15_000 });
    fireEvent.change(within(rowOf('pia@example.com')).getByRole('combobox', { name: 'Role of pia' }), {
      target: { value: 'support' },
    });
    await vi.waitFor(() => expect(members[1]!.role).toBe('support'));
    fireEvent.change(within(rowOf('ada@example.com')).getByRole('combobox'), {
      target: { value: 'manager' },
    });
    expect(await screen.findByText(/would leave the organisation without an owner/)).toBeTruthy();
    expect(members[0]!.role).toBe('owner');
  });

  it('removes a member after confirming', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/organiser/team');
    await screen.findByText('pia@example.com', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove pia' }));
    await vi.waitFor(() => expect(screen.queryByText('pia@example.com')).toBeNull());
    expect(screen.getByRole('heading', { name: '1 member' })).toBeTruthy();
  });

  it('offers the organisation switcher and hides the team from a manager', async () => {
    myRole = 'manager';
    renderApp('/organiser/team');
    expect(
      await screen.findByText("Only the organisation's owners manage its team.", {}, { timeout: 15_000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Organiser console' });
    expect(within(nav).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Events' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Organisation' })).toBeTruthy();
    expect(server.requests.some((r) => r.path.includes('/members/'))).toBe(false);
  });
});
