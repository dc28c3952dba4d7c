import {
  createOrganisationBodySchema,
  type Organisation,
  organisationEndpoints,
} from '@fotodrop/contract/api/organisations';
import { PLATFORM_STAFF_PERMISSION } from '@fotodrop/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { callEndpoint } from '../../../shared/api/client';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { ConsoleLayout } from '../console/console-layout';

type Values = z.input<typeof createOrganisationBodySchema>;
type Output = z.output<typeof createOrganisationBodySchema>;
const FIELDS = ['name', 'app_name', 'country', 'currency', 'owner_email'] as const;

/**
 * /organiser/organisations/new: platform staff create an organisation with its subdomain; its
 * owner gets the invitation e-mail (the server checks the staff permission again).
 */
export function Component() {
  const { t } = useTranslation();
  const isStaff = useAppStore((s) => s.user?.perms?.includes(PLATFORM_STAFF_PERMISSION) === true);
  return (
    <ConsoleLayout title={t('organiser.staff.title')}>
      {isStaff ? <NewOrganisationForm /> : <Alert tone="info">{t('organiser.staff.staff_only')}</Alert>}
    </ConsoleLayout>
  );
}

function NewOrganisationForm() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<{ organisation: Organisation; owner: string } | null>(null);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(createOrganisationBodySchema),
    defaultValues: { name: '', app_name: '', country: 'IT', currency: 'EUR', owner_email: '' },
  });
  const mutation = useMutation({
    mutationFn: (body: Output) => callEndpoint(organisationEndpoints.createOrganisation, { body }),
    onSuccess: (organisation, body) => {
      setCreated({ organisation, owner: body.owner_email });
      form.reset();
    },
    onError: (error) => applyServerErrors(error, form.setError, FIELDS),
  });
  const { errors } = form.formState;
  return (
    <form
      className="card console-card"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setCreated(null);
        mutation.mutate(values);
      })}
    >
      <p className="page-intro">{t('organiser.staff.intro')}</p>
      {created && (
        <Alert tone="success">
          {t('organiser.staff.created', {
            name: created.organisation.name,
            app_name: created.organisation.app_name,
            email: created.owner,
          })}
        </Alert>
      )}
      <FormError error={errors.root?.server} />
      <TextField
        label={t('organiser.staff.fields.name')}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t('organiser.staff.fields.app_name')}
        hint={t('organiser.staff.hints.app_name')}
        autoCapitalize="none"
        error={errors.app_name?.message}
        {...form.register('app_name')}
      />
      <div className="console-inline-form">
        <TextField
          label={t('organiser.staff.fields.country')}
          maxLength={2}
          error={errors.country?.message}
          {...form.register('country')}
        />
        <TextField
          label={t('organiser.staff.fields.currency')}
          maxLength={3}
          error={errors.currency?.message}
          {...form.register('currency')}
        />
      </div>
      <TextField
        label={t('organiser.staff.fields.owner_email')}
        type="email"
        autoComplete="off"
        error={errors.owner_email?.message}
        {...form.register('owner_email')}
      />
      <Button type="submit" loading={mutation.isPending}>
        {t('organiser.staff.submit')}
      </Button>
    </form>
  );
}
