import { inviteMemberBodySchema, type OrganisationRole } from '@fotodrop/contract/api/organisations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { inviteMember, teamKeys } from '../api/team-api';
import { RoleSelect } from './role-select';

type Values = z.input<typeof inviteMemberBodySchema>;
type Output = z.output<typeof inviteMemberBodySchema>;

/** Invites someone by e-mail with a role; the server sends the single-use link. */
export function InviteForm({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const roleId = useId();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(inviteMemberBodySchema),
    defaultValues: { email: '', role: 'photographer' },
  });
  const mutation = useMutation({
    mutationFn: (values: Output) => inviteMember(organisationId, values),
    onSuccess: (invitation) => {
      setSentTo(invitation.email);
      form.reset({ email: '', role: form.getValues('role') });
      return queryClient.invalidateQueries({ queryKey: teamKeys.members(organisationId) });
    },
    onError: (error) => applyServerErrors(error, form.setError, ['email', 'role']),
  });
  const { errors } = form.formState;

  return (
    <form
      className="card console-card"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setSentTo(null);
        mutation.mutate(values);
      })}
    >
      <h2>{t('organiser.team.invite_title')}</h2>
      {sentTo && <Alert tone="success">{t('organiser.team.invited', { email: sentTo })}</Alert>}
      <FormError error={errors.root?.server} />
      <div className="console-inline-form">
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="field">
          <label className="field-label" htmlFor={roleId}>
            {t('organiser.team.role')}
          </label>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <RoleSelect
                id={roleId}
                value={field.value as OrganisationRole}
                onChange={(role) => field.onChange(role)}
              />
            )}
          />
        </div>
        <Button type="submit" loading={mutation.isPending}>
          {t('organiser.team.invite')}
        </Button>
      </div>
      <p className="field-hint">{t('organiser.team.roles_hint')}</p>
    </form>
  );
}
