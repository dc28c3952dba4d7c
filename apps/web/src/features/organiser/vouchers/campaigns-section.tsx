import type { OrganiserCampaign } from '@fotodrop/contract/api/organiser-vouchers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { copyLink } from '../../../shared/utils/share-link';
import { CampaignForm } from './campaign-form';
import type { PromoEventOption } from './event-choice';
import { UsesCell, usePagedFilters } from './promo-list';
import { PromoSection } from './promo-section';
import { eventsText, periodText } from './promo-texts';
import { campaignsPageQuery, deleteCampaign, updateCampaign, voucherKeys } from './vouchers-api';

/** The link of a campaign with a button that puts it on the clipboard. */
function CampaignLink({ campaign }: { campaign: OrganiserCampaign }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="vouchers-link">
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('organiser.vouchers.copy_link_of', { code: campaign.code })}
        onClick={async () => setCopied(await copyLink(campaign.url))}
      >
        {t('organiser.vouchers.copy_link')}
      </Button>
      <span role="status" className="field-hint">
        {copied === true && t('organiser.vouchers.link_copied')}
        {copied === false && t('organiser.vouchers.link_copy_failed')}
      </span>
      <a className="vouchers-url" href={campaign.url} target="_blank" rel="noreferrer">
        {campaign.url}
      </a>
    </div>
  );
}

/** The organisation's campaigns: the links to share, their expiry and events, the orders they brought. */
export function CampaignsSection({
  organisationId,
  events,
}: {
  organisationId: number;
  events: PromoEventOption[];
}) {
  const { t, language } = useTranslation();
  const paged = usePagedFilters();
  const list = useQuery(campaignsPageQuery(organisationId, paged.filters, paged.page));
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <PromoSection<OrganiserCampaign>
      id="campaigns-list"
      title={(total) =>
        total === undefined
          ? t('organiser.vouchers.campaigns')
          : t('organiser.vouchers.campaigns_count', { count: total })
      }
      newLabel={t('organiser.vouchers.campaign_new')}
      intro={<p className="page-intro">{t('organiser.vouchers.campaigns_intro')}</p>}
      list={list}
      paged={paged}
      states={['active', 'expired', 'deactivated']}
      empty={(filtered) =>
        t(filtered ? 'organiser.vouchers.campaigns_none_found' : 'organiser.vouchers.campaigns_none')
      }
      pagesLabel={t('organiser.vouchers.campaign_pages')}
      columns={['code', 'discount', 'validity', 'events', 'orders', 'link']}
      cells={(c) => (
        <>
          <td>
            <code className="vouchers-code">{c.code}</code>
            {c.state !== 'active' && (
              <div>
                <span className={`vouchers-state vouchers-state-${c.state}`}>
                  {t(`organiser.vouchers.states.${c.state}`)}
                </span>
              </div>
            )}
          </td>
          <td data-label={t('organiser.vouchers.discount')}>
            {t('organiser.vouchers.percent_off', { percent: c.percent_off })}
          </td>
          <td data-label={t('organiser.vouchers.validity')}>{periodText(t, day, null, c.expires_at)}</td>
          <td data-label={t('organiser.vouchers.events')}>{eventsText(t, c.events)}</td>
          <UsesCell label={t('organiser.vouchers.orders')} paid={c.orders} open={c.open_orders} />
          <td data-label={t('organiser.vouchers.link')}>
            <CampaignLink campaign={c} />
          </td>
        </>
      )}
      texts={{
        deactivated: 'organiser.vouchers.campaign_deactivated_notice',
        reactivated: 'organiser.vouchers.campaign_reactivated_notice',
        deleted: 'organiser.vouchers.campaign_deleted_notice',
        kept: 'organiser.vouchers.campaign_kept_notice',
        deleteConfirm: 'organiser.vouchers.campaign_delete_confirm',
      }}
      renderForm={(campaign, saved, cancel) => (
        <CampaignForm
          key={campaign ? campaign.id : 'new'}
          organisationId={organisationId}
          events={events}
          campaign={campaign}
          onCancel={cancel}
          onSaved={(made) => saved(t('organiser.vouchers.campaign_saved_notice', { code: made.code }))}
        />
      )}
      toggle={(c) => updateCampaign(organisationId, c.id, { active: c.state === 'deactivated' })}
      remove={(c) => deleteCampaign(organisationId, c.id)}
      invalidate={voucherKeys.campaigns(organisationId)}
    />
  );
}
