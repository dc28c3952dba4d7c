import './selling.css';
import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { BankAccountForm } from './bank-account-form';
import { PrintOfferForm } from './print-offer-form';
import { bankAccountQuery, printOfferQuery } from './selling-api';

/**
 * /organiser/selling: what the organisation sells with, for all its events — the bank account
 * transfers are paid to, and its print offer (products, prices, delivery countries and rates).
 * Owners only; each event's payment methods are on the event's page.
 */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.selling.title')}>
      {current && roleMay(current.role, 'selling.manage') ? (
        <SellingSettings key={current.id} organisation={current} />
      ) : (
        <Alert tone="info">{t('organiser.selling.owners_only')}</Alert>
      )}
    </ConsoleLayout>
  );
}

function SellingSettings({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const account = useQuery(bankAccountQuery(organisation.id));
  const offer = useQuery(printOfferQuery(organisation.id));
  return (
    <>
      <p className="selling-lead">{t('organiser.selling.lead')}</p>
      {account.isPending ? (
        <PageLoader />
      ) : account.isError ? (
        <Alert tone="error">{translateError(t, account.error)}</Alert>
      ) : (
        <BankAccountForm organisationId={organisation.id} initial={account.data} />
      )}
      {offer.isPending ? (
        <PageLoader />
      ) : offer.isError ? (
        <Alert tone="error">{translateError(t, offer.error)}</Alert>
      ) : (
        <PrintOfferForm organisationId={organisation.id} initial={offer.data} />
      )}
    </>
  );
}
