import type { Member, OrganisationRole } from '@fotodrop/contract/api/organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { changeRole, removeMember, teamKeys } from '../api/team-api';
import { RoleSelect } from './role-select';

/** The team: each member's role can be changed or the member removed (the server keeps one owner). */
export function MembersTable({ organisationId, members }: { organisationId: number; members: Member[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const myId = useAppStore((s) => s.user?.id);
  const [error, setError] = useState<unknown>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.members(organisationId) }),
      // my own role may have changed
      queryClient.invalidateQueries({ queryKey: teamKeys.organisations }),
    ]);
  const roleChange = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: OrganisationRole }) =>
      changeRole(organisationId, member.id, role),
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: setError,
  });
  const removal = useMutation({
    mutationFn: (member: Member) => removeMember(organisationId, member.id),
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: setError,
  });

  return (
    <section aria-labelledby="team-members">
      <h2 id="team-members">{t('organiser.team.members', { count: members.length })}</h2>
      {error !== null && <Alert tone="error">{translateError(t, error)}</Alert>}
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t('organiser.team.name')}</th>
            <th scope="col">{t('auth.fields.email')}</th>
            <th scope="col">{t('organiser.team.role')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('organiser.team.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
            return (
              <tr key={member.id}>
                <td>
                  {name}
                  {member.user_id === myId && ` (${t('organiser.team.you')})`}
                </td>
                <td data-label={t('auth.fields.email')}>{member.email}</td>
                <td>
                  <RoleSelect
                    id={`member-role-${member.id}`}
                    label={t('organiser.team.role_of', { name })}
                    value={member.role}
                    disabled={roleChange.isPending}
                    onChange={(role) => roleChange.mutate({ member, role })}
                  />
                </td>
                <td>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('organiser.team.remove_member', { name })}
                    loading={removal.isPending && removal.variables?.id === member.id}
                    onClick={() => {
                      if (window.confirm(t('organiser.team.remove_confirm', { name })))
                        removal.mutate(member);
                    }}
                  >
                    {t('organiser.team.remove')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
