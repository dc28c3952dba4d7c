import {
  type CreateCampaignBody,
  createCampaignBodySchema,
  type OrganiserCampaign,
} from '@fotodrop/contract/api/organiser-vouchers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { EventChoice, type PromoEventOption } from './event-choice';
import { PromoFormActions } from './promo-list';
import { bodyResolver } from './promo-resolver';
import { createCampaign, fromLocalInput, toLocalInput, updateCampaign, voucherKeys } from './vouchers-api';

interface Values {
  code: string;
  percent_off: string;
  expires_at: string;
  events: string[];
}

const toBody = (v: Values): CreateCampaignBody => ({
  code: v.code,
  percent_off: v.percent_off.trim() === '' ? Number.NaN : Number(v.percent_off),
  expires_at: fromLocalInput(v.expires_at),
  events: v.events,
});

const resolver = bodyResolver<Values, CreateCampaignBody>(createCampaignBodySchema, toBody, ['percent_off']);

/** Creates a campaign, or edits `campaign` (sent as a whole). */
export function CampaignForm({
  organisationId,
  events,
  campaign,
  onSaved,
  onCancel,
}: {
  organisationId: number;
  events: PromoEventOption[];
  campaign: OrganiserCampaign | null;
  onSaved: (saved: OrganiserCampaign) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<Values, unknown, CreateCampaignBody>({
    resolver,
    defaultValues: {
      code: campaign?.code ?? '',
      percent_off: campaign ? String(campaign.percent_off) : '',
      expires_at: toLocalInput(campaign?.expires_at ?? null),
      events: campaign?.events.map((e) => e.slug) ?? [],
    },
  });
  const mutation = useMutation({
    mutationFn: (body: CreateCampaignBody) =>
      campaign ? updateCampaign(organisationId, campaign.id, body) : createCampaign(organisationId, body),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: voucherKeys.campaigns(organisationId) });
      onSaved(saved);
    },
    onError: (error) =>
      applyServerErrors(error, form.setError, ['code', 'percent_off', 'expires_at', 'events']),
  });
  useEffect(() => heading.current?.focus(), []);
  const { errors } = form.formState;

  return (
    <form
      className="card console-card vouchers-form"
      noValidate
      onSubmit={form.handleSubmit((body) => mutation.mutate(body))}
    >
      <h3 ref={heading} tabIndex={-1}>
        {campaign
          ? t('organiser.vouchers.campaign_edit_title', { code: campaign.code })
          : t('organiser.vouchers.campaign_new_title')}
      </h3>
      <FormError error={errors.root?.server} />
      <div className="console-inline-form">
        <TextField
          label={t('organiser.vouchers.code')}
          hint={t('organiser.vouchers.campaign_code_hint')}
          autoComplete="off"
          required
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextField
          label={t('organiser.vouchers.value_label.percentage')}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          required
          error={errors.percent_off?.message}
          {...form.register('percent_off')}
        />
        <TextField
          label={t('organiser.vouchers.expires_at')}
          hint={t('organiser.vouchers.expires_hint')}
          type="datetime-local"
          error={errors.expires_at?.message}
          {...form.register('expires_at')}
        />
      </div>
      <EventChoice events={events} error={errors.events?.message} register={form.register('events')} />
      <PromoFormActions
        pending={mutation.isPending}
        submitLabel={campaign ? t('organiser.vouchers.save') : t('organiser.vouchers.campaign_create')}
        onCancel={onCancel}
      />
    </form>
  );
}
