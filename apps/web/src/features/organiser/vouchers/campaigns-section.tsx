import type { OrganiserCampaign } from '@fotodrop/contract/api/organiser-vouchers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { copyLink } from '../../../shared/utils/share-link';
import { ConsolePager } from '../console/console-pager';
import { FilterSelect, SearchForm } from '../participants/search-form';
import { CampaignForm } from './campaign-form';
import type { PromoEventOption } from './event-choice';
import { eventsText, periodText } from './promo-texts';
import { campaignsPageQuery, deleteCampaign, type PromoFilters, voucherKeys } from './vouchers-api';

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
  const [filters, setFilters] = useState<PromoFilters>({ search: '', status: '' });
  const [page, setPage] = useState(1);
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
  const apply = (next: PromoFilters) => {
    setFilters(next);
    setPage(1);
  };
  const pagination = list.data?.pagination;

  return (
    <section aria-labelledby="campaigns-list" className="vouchers-section">
      <div className="vouchers-head">
        <h2 id="campaigns-list">
          {pagination
            ? t('organiser.vouchers.campaigns_count', { count: pagination.total })
            : t('organiser.vouchers.campaigns')}
        </h2>
        {editing === null && (
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            {t('organiser.vouchers.campaign_new')}
          </Button>
        )}
      </div>
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
      <SearchForm
        label={t('organiser.vouchers.search')}
        initial={filters.search}
        onSearch={(search) => apply({ ...filters, search })}
      >
        <FilterSelect
          label={t('organiser.vouchers.status')}
          value={filters.status}
          onChange={(status) => apply({ ...filters, status: status as PromoFilters['status'] })}
        >
          <option value="">{t('organiser.vouchers.all')}</option>
          {(['active', 'expired'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`organiser.vouchers.states.${s}`)}
            </option>
          ))}
        </FilterSelect>
      </SearchForm>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : list.data.results.length === 0 ? (
        <p>
          {t(
            filters.search || filters.status
              ? 'organiser.vouchers.campaigns_none_found'
              : 'organiser.vouchers.campaigns_none',
          )}
        </p>
      ) : (
        <table className="console-table vouchers-table" aria-busy={list.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('organiser.vouchers.code')}</th>
              <th scope="col">{t('organiser.vouchers.discount')}</th>
              <th scope="col">{t('organiser.vouchers.validity')}</th>
              <th scope="col">{t('organiser.vouchers.events')}</th>
              <th scope="col">{t('organiser.vouchers.orders')}</th>
              <th scope="col">{t('organiser.vouchers.link')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('organiser.team.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.results.map((c) => (
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
                <td data-label={t('organiser.vouchers.orders')}>
                  {t('organiser.vouchers.used', { count: c.orders })}
                  {c.open_orders > 0 && (
                    <div className="field-hint">{t('organiser.vouchers.held', { count: c.open_orders })}</div>
                  )}
                </td>
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
                        if (window.confirm(t('organiser.vouchers.campaign_delete_confirm', { code: c.code })))
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
      <ConsolePager pagination={pagination} label={t('organiser.vouchers.campaign_pages')} onPage={setPage} />
    </section>
  );
}
