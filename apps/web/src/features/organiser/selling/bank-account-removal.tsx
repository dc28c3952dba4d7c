import type { OrganisationBankAccount } from '@fotodrop/contract/api/organiser-payments';
import { formatIban } from '@fotodrop/contract/rules/iban';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { removeBankAccount, sellingKeys } from './selling-api';

type EventRef = { slug: string; name: string };

/** The events a 409 bank_account_in_use names: bank transfer is still offered there. */
const eventsInUse = (error: unknown): EventRef[] | null =>
  isApiError(error) && error.code === 'bank_account_in_use'
    ? ((error.data as { events?: EventRef[] } | undefined)?.events ?? [])
    : null;

/**
 * Removing the organisation's own account, after a confirm. Refused while events offer bank
 * transfer: they are listed with links to their payment methods.
 */
export function BankAccountRemoval({
  organisationId,
  account,
  onAttempt,
  onRemoved,
}: {
  organisationId: number;
  account: OrganisationBankAccount;
  /** A removal starts: the form's earlier notice no longer applies. */
  onAttempt: () => void;
  onRemoved: (answer: OrganisationBankAccount) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeBankAccount(organisationId),
    onSuccess: (answer) => {
      queryClient.setQueryData(sellingKeys.bankAccount(organisationId), answer);
      setConfirming(false);
      onRemoved(answer);
    },
    onError: () => setConfirming(false),
  });
  if (!account.account) return null;
  const events = eventsInUse(remove.error);

  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
        {t('organiser.selling.bank.remove')}
      </Button>
      {remove.error && (
        <div className="selling-bank-removal-error">
          {events ? (
            <Alert tone="error">
              {t('organiser.selling.bank.in_use')}
              <ul>
                {events.map((e) => (
                  <li key={e.slug}>
                    <Link to={paths.organiserEventPayments.getHref(e.slug)}>{e.name}</Link>
                  </li>
                ))}
              </ul>
            </Alert>
          ) : (
            <Alert tone="error">{translateError(t, remove.error)}</Alert>
          )}
        </div>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('organiser.selling.bank.remove_title')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => {
                onAttempt();
                remove.mutate();
              }}
            >
              {t('organiser.selling.bank.remove_confirm')}
            </Button>
          </>
        }
      >
        <p>
          {t('organiser.selling.bank.remove_text', { iban: formatIban(account.account.iban) })}{' '}
          {account.platform_account && t('organiser.selling.bank.remove_platform')}
        </p>
      </Dialog>
    </>
  );
}
