import './vouchers.css';
import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { organisationEventsQuery } from '../api/events-api';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { CampaignsSection } from './campaigns-section';
import { VouchersSection } from './vouchers-section';

/**
 * /organiser/vouchers: the organisation's vouchers (codes participants type at the checkout) and
 * campaigns (links that take a percentage off), for owners (selling.manage).
 */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.vouchers.title')}>
      {current && roleMay(current.role, 'selling.manage') ? (
        <Promotions organisation={current} />
      ) : (
        <Alert tone="info">{t('organiser.vouchers.not_allowed')}</Alert>
      )}
    </ConsoleLayout>
  );
}

function Promotions({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const events = useQuery(organisationEventsQuery(organisation.id));
  const options = (events.data?.results ?? []).map((e) => ({ slug: e.slug, name: e.name }));
  return (
    <>
      <p className="page-intro">{t('organiser.vouchers.intro', { organisation: organisation.name })}</p>
      <VouchersSection organisationId={organisation.id} currency={organisation.currency} events={options} />
      <CampaignsSection organisationId={organisation.id} events={options} />
    </>
  );
}
