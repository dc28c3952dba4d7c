import './branding.css';
import type { Branding } from '@fotodrop/contract/api/organisation-branding';
import { updateBrandingBodySchema } from '@fotodrop/contract/api/organisation-branding';
import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { brandingKey, brandingQuery, saveBranding } from './branding-api';
import { BrandingFields } from './branding-fields';
import { BrandingImages } from './branding-images';
import { FooterFields, PrivacyCheckboxFields } from './branding-lists';
import { BrandingPreview } from './branding-preview';
import { type BrandingValues, toBody, toValues } from './branding-values';

/** /organiser/branding: the owner's site — logo, colours, texts, footer, sign-up — with a live preview. */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.branding.title')}>
      {current && roleMay(current.role, 'branding.manage') ? (
        <BrandingLoader organisation={current} />
      ) : (
        <Alert tone="info">{t('organiser.branding.owners_only')}</Alert>
      )}
    </ConsoleLayout>
  );
}

function BrandingLoader({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const branding = useQuery(brandingQuery(organisation.id));
  if (branding.isPending) return <PageLoader />;
  if (branding.isError) return <Alert tone="error">{translateError(t, branding.error)}</Alert>;
  // a new organisation starts from its own answer: the form is remade when another one is chosen
  return <BrandingEditor key={organisation.id} organisation={organisation} branding={branding.data} />;
}

function BrandingEditor({ organisation, branding }: { organisation: MyOrganisation; branding: Branding }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<BrandingValues>({ defaultValues: toValues(branding) });
  const values = form.watch();
  const save = useMutation({
    mutationFn: (body: z.output<typeof updateBrandingBodySchema>) => saveBranding(organisation.id, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(brandingKey(organisation.id), answer);
      form.reset(toValues(answer));
      setSaved(true);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        form.setError(field as Path<BrandingValues>, { type: 'server', message: messages.join('\n') });
      }
    },
  });

  const submit = form.handleSubmit((current) => {
    setSaved(false);
    const body = toBody(current);
    // the contract's rules first: each refused field is marked where it is typed
    const checked = updateBrandingBodySchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.') as Path<BrandingValues>;
        form.setError(
          path.endsWith('privacy_checkboxes') ? ('privacy_checkboxes.root' as Path<BrandingValues>) : path,
          {
            type: 'client',
            message: issue.message,
          },
        );
      }
      return;
    }
    save.mutate(checked.data);
  });

  return (
    <div className="branding-layout">
      <form className="branding-form" noValidate onSubmit={submit}>
        <p className="page-intro">{t('organiser.branding.intro', { organisation: organisation.name })}</p>
        <BrandingImages organisationId={organisation.id} branding={branding} />
        <BrandingFields form={form} />
        <FooterFields form={form} />
        <PrivacyCheckboxFields form={form} />
        <div className="branding-actions">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            {t('organiser.branding.save')}
          </Button>
          <span role="status">{saved && !form.formState.isDirty ? t('organiser.branding.saved') : ''}</span>
          {save.isError && !isApiError(save.error) && (
            <Alert tone="error">{translateError(t, save.error)}</Alert>
          )}
        </div>
      </form>
      <BrandingPreview values={values} logo={branding.logo} />
    </div>
  );
}
