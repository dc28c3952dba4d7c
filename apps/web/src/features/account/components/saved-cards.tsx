import type { SavedCard } from '@fotodrop/contract/api/payment-methods';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/spinner';
import { accountKeys, detachCard, fetchSavedCards, setDefaultCard } from '../api/orders-api';

/** "Visa", "Mastercard"…: the provider sends brands in lower case ("visa", "amex"). */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  cartes_bancaires: 'Cartes Bancaires',
};
export const brandName = (brand: string) =>
  BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/**
 * The profile's saved cards (entry spec §7): brand, last digits, expiry and which one the checkout
 * offers first; make another the default, or remove one after a confirmation.
 */
export function SavedCards() {
  const { t } = useTranslation();
  const cards = useQuery({
    queryKey: accountKeys.savedCards,
    queryFn: ({ signal }) => fetchSavedCards(signal),
  });
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.savedCards });
  const makeDefault = useMutation({
    mutationFn: (card: SavedCard) => setDefaultCard(card.id),
    onSuccess: (_, card) => {
      setDone(t('cards.default_done', { brand: brandName(card.brand), last4: card.last4 }));
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (card: SavedCard) => detachCard(card.id),
    onSuccess: (_, card) => {
      setRemoving(null);
      setDone(t('cards.removed', { brand: brandName(card.brand), last4: card.last4 }));
      return refresh();
    },
  });
  const error = makeDefault.error ?? null;

  return (
    <div className="form-card saved-cards">
      <h2>{t('cards.title')}</h2>
      {cards.isPending && <Spinner />}
      {cards.isError && <Alert tone="error">{translateError(t, cards.error)}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      {error && <Alert tone="error">{translateError(t, error)}</Alert>}
      {cards.data?.length === 0 && <p className="saved-cards-empty">{t('cards.empty')}</p>}
      {cards.data && cards.data.length > 0 && (
        <ul className="saved-cards-list">
          {cards.data.map((card) => {
            const name = t('cards.card', { brand: brandName(card.brand), last4: card.last4 });
            // each button is described by its card ("Make default" — "Visa ending in 4242")
            const nameId = `saved-card-${card.id}`;
            return (
              <li key={card.id} className="saved-card">
                <div className="saved-card-text">
                  <span className="saved-card-name" id={nameId}>
                    {name}
                  </span>
                  <span className="saved-card-expiry">
                    {t('cards.expires', {
                      month: String(card.exp_month).padStart(2, '0'),
                      year: card.exp_year,
                    })}
                  </span>
                  {card.is_default && <span className="saved-card-default">{t('cards.default')}</span>}
                </div>
                <div className="saved-card-actions">
                  {!card.is_default && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-describedby={nameId}
                      loading={makeDefault.isPending && makeDefault.variables?.id === card.id}
                      onClick={() => {
                        setDone(null);
                        makeDefault.mutate(card);
                      }}
                    >
                      {t('cards.make_default')}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-describedby={nameId}
                    onClick={() => {
                      setDone(null);
                      remove.reset();
                      setRemoving(card);
                    }}
                  >
                    {t('cards.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="field-hint">{t('cards.hint')}</p>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('cards.remove_title')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate(removing)}
            >
              {t('cards.remove_confirm')}
            </Button>
          </>
        }
      >
        {removing && (
          <p>
            {t('cards.remove_text', {
              card: t('cards.card', { brand: brandName(removing.brand), last4: removing.last4 }),
            })}
          </p>
        )}
        {remove.isError && <Alert tone="error">{translateError(t, remove.error)}</Alert>}
      </Dialog>
    </div>
  );
}
