import type { OrganiserCampaign } from '@fotodrop/contract/api/organiser-vouchers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { copyLink } from '../../../shared/utils/share-link';
import { ConsolePager } from '../console/console-pager';
import { CampaignForm } from './campaign-form';
import type { PromoEventOption } from './event-choice';
import {
  PromoFiltersForm,
  PromoListBody,
  PromoSectionHead,
  PromoTableHead,
  UsesCell,
  usePagedFilters,
} from './promo-list';
import { eventsText, periodText } from './promo-texts';
import { campaignsPageQuery, deleteCampaign, voucherKeys } from './vouchers-api';

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
  const queryClient = useQueryClient();
  const { filters, page, setPage, apply } = usePagedFilters();
  const [editing, setEditing] = useState<OrganiserCampaign | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery(campaignsPageQuery(organisationId, filters, page));
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const remove = useMutation({
    mutationFn: (c: OrganiserCampaign) => deleteCampaign(organisationId, c.id),
    onSuccess: (_, c) => {
      setNotice(t('organiser.vouchers.campaign_deleted_notice', { code: c.code }));
      return queryClient.invalidateQueries({ queryKey: voucherKeys.campaigns(organisationId) });
    },
  });
  const pagination = list.data?.pagination;

  return (
    <section aria-labelledby="campaigns-list" className="vouchers-section">
      <PromoSectionHead
        id="campaigns-list"
        title={
          pagination
            ? t('organiser.vouchers.campaigns_count', { count: pagination.total })
            : t('organiser.vouchers.campaigns')
        }
        newLabel={t('organiser.vouchers.campaign_new')}
        onNew={
          editing === null
            ? () => {
                setNotice(null);
                setEditing('new');
              }
            : null
        }
      />
      <p className="page-intro">{t('organiser.vouchers.campaigns_intro')}</p>
      {editing !== null && (
        <CampaignForm
          key={editing === 'new' ? 'new' : editing.id}
          organisationId={organisationId}
          events={events}
          campaign={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setNotice(t('organiser.vouchers.campaign_saved_notice', { code: saved.code }));
            setEditing(null);
          }}
        />
      )}
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      {remove.isError && <Alert tone="error">{translateError(t, remove.error)}</Alert>}
      <PromoFiltersForm filters={filters} states={['active', 'expired']} onApply={apply} />
      <PromoListBody
        list={list}
        empty={t(
          filters.search || filters.status
            ? 'organiser.vouchers.campaigns_none_found'
            : 'organiser.vouchers.campaigns_none',
        )}
      >
        {(rows, refreshing) => (
          <table className="console-table vouchers-table" aria-busy={refreshing || undefined}>
            <PromoTableHead columns={['code', 'discount', 'validity', 'events', 'orders', 'link']} />
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    <code className="vouchers-code">{c.code}</code>
                    {c.state === 'expired' && (
                      <div>
                        <span className="vouchers-state vouchers-state-expired">
                          {t('organiser.vouchers.states.expired')}
                        </span>
                      </div>
                    )}
                  </td>
                  <td data-label={t('organiser.vouchers.discount')}>
                    {t('organiser.vouchers.percent_off', { percent: c.percent_off })}
                  </td>
                  <td data-label={t('organiser.vouchers.validity')}>
                    {periodText(t, day, null, c.expires_at)}
                  </td>
                  <td data-label={t('organiser.vouchers.events')}>{eventsText(t, c.events)}</td>
                  <UsesCell label={t('organiser.vouchers.orders')} paid={c.orders} open={c.open_orders} />
                  <td data-label={t('organiser.vouchers.link')}>
                    <CampaignLink campaign={c} />
                  </td>
                  <td>
                    <div className="vouchers-actions">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.vouchers.edit_code', { code: c.code })}
                        onClick={() => {
                          setNotice(null);
                          setEditing(c);
                        }}
                      >
                        {t('organiser.vouchers.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('organiser.vouchers.delete_code', { code: c.code })}
                        loading={remove.isPending && remove.variables?.id === c.id}
                        onClick={() => {
                          if (
                            window.confirm(t('organiser.vouchers.campaign_delete_confirm', { code: c.code }))
                          )
                            remove.mutate(c);
                        }}
                      >
                        {t('organiser.vouchers.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PromoListBody>
      <ConsolePager pagination={pagination} label={t('organiser.vouchers.campaign_pages')} onPage={setPage} />
    </section>
  );
}
