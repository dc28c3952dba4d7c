import {
  type CreateCampaignBody,
  createCampaignBodySchema,
  type OrganiserCampaign,
} from '@fotodrop/contract/api/organiser-vouchers';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TextField } from '../../../shared/ui/text-field';
import { EventChoice, type PromoEventOption } from './event-choice';
import { PromoForm, usePromoSave } from './promo-form';
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

const FIELDS = ['code', 'percent_off', 'expires_at', 'events'] as const;

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
  const form = useForm<Values, unknown, CreateCampaignBody>({
    resolver,
    defaultValues: {
      code: campaign?.code ?? '',
      percent_off: campaign ? String(campaign.percent_off) : '',
      expires_at: toLocalInput(campaign?.expires_at ?? null),
      events: campaign?.events.map((e) => e.slug) ?? [],
    },
  });
  const mutation = usePromoSave({
    form,
    save: (body: CreateCampaignBody) =>
      campaign ? updateCampaign(organisationId, campaign.id, body) : createCampaign(organisationId, body),
    listKey: voucherKeys.campaigns(organisationId),
    fields: FIELDS,
    onSaved,
  });
  const { errors } = form.formState;

  return (
    <PromoForm
      title={
        campaign
          ? t('organiser.vouchers.campaign_edit_title', { code: campaign.code })
          : t('organiser.vouchers.campaign_new_title')
      }
      error={errors.root?.server}
      onSubmit={form.handleSubmit((body) => mutation.mutate(body))}
      pending={mutation.isPending}
      submitLabel={campaign ? t('organiser.vouchers.save') : t('organiser.vouchers.campaign_create')}
      onCancel={onCancel}
    >
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
    </PromoForm>
  );
}
