import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import type { PriceSheet } from '@fotodrop/contract/api/organiser-prices';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { PriceListForm } from './price-list-form';
import {
  createPriceSheet,
  deletePriceSheet,
  priceSheetsQuery,
  pricesKeys,
  updatePriceSheet,
} from './prices-api';

/**
 * /organiser/price-sheets: the organisation's reusable price lists (owners, selling.manage). A
 * sheet is copied onto an event or a gallery from the event's prices page; editing it here changes
 * no event's prices.
 */
export function PriceSheetsPage() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.prices.sheets_title')}>
      {current && roleMay(current.role, 'selling.manage') ? (
        <Sheets key={current.id} organisation={current} />
      ) : (
        <Alert tone="info">{t('organiser.prices.owners_only')}</Alert>
      )}
    </ConsoleLayout>
  );
}

function Sheets({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const sheets = useQuery(priceSheetsQuery(organisation.id));
  const [creating, setCreating] = useState(false);
  if (sheets.isPending) return <PageLoader />;
  if (sheets.isError) return <Alert tone="error">{translateError(t, sheets.error)}</Alert>;
  return (
    <>
      <p className="page-intro">{t('organiser.prices.sheets_intro')}</p>
      {creating ? (
        <SheetCard organisation={organisation} sheet={null} onDone={() => setCreating(false)} />
      ) : (
        <Button onClick={() => setCreating(true)}>{t('organiser.prices.new_sheet')}</Button>
      )}
      {sheets.data.results.length === 0 && !creating && (
        <p className="price-none">{t('organiser.prices.no_sheets')}</p>
      )}
      {sheets.data.results.map((sheet) => (
        <SheetCard key={sheet.id} organisation={organisation} sheet={sheet} onDone={() => undefined} />
      ))}
    </>
  );
}

/** One sheet (or a new one: `sheet` null): its name and currency above its list and preview. */
function SheetCard({
  organisation,
  sheet,
  onDone,
}: {
  organisation: MyOrganisation;
  sheet: PriceSheet | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [name, setName] = useState(sheet?.name ?? '');
  const [currency, setCurrency] = useState(sheet?.currency ?? organisation.currency ?? 'EUR');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pricesKeys.sheets(organisation.id) });
  const currencyCode = currency.trim().toUpperCase();
  return (
    <section className="card console-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{sheet ? sheet.name : t('organiser.prices.new_sheet')}</h2>
      <PriceListForm
        items={sheet?.items ?? []}
        packages={sheet?.packages ?? []}
        currency={/^[A-Z]{3}$/.test(currencyCode) ? currencyCode : 'EUR'}
        withPackages
        canManage
        saveLabel={t(sheet ? 'organiser.prices.save_sheet' : 'organiser.prices.create_sheet')}
        header={
          <div className="console-inline-form">
            <TextField
              label={t('organiser.prices.sheet_name')}
              value={name}
              required
              error={fieldErrors.name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              label={t('organiser.prices.currency')}
              value={currency}
              maxLength={3}
              error={fieldErrors.currency}
              onChange={(e) => setCurrency(e.target.value)}
            />
          </div>
        }
        onSave={async (body) => {
          setFieldErrors({});
          const named = { ...body, currency: currencyCode, name: name.trim() };
          try {
            if (sheet) await updatePriceSheet(organisation.id, sheet.id, named);
            else await createPriceSheet(organisation.id, named);
          } catch (error) {
            if (isApiError(error)) {
              const { name: n, currency: c } = error.fieldErrors;
              setFieldErrors({ ...(n && { name: n.join('\n') }), ...(c && { currency: c.join('\n') }) });
            }
            throw error;
          }
          await refresh();
          onDone();
        }}
        actions={
          <Button
            variant="ghost"
            onClick={async () => {
              setDeleteError(null);
              if (!sheet) return onDone();
              if (!window.confirm(t('organiser.prices.delete_sheet_confirm', { name: sheet.name }))) return;
              try {
                await deletePriceSheet(organisation.id, sheet.id);
                await refresh();
              } catch (error) {
                setDeleteError(translateError(t, error));
              }
            }}
          >
            {t(sheet ? 'organiser.prices.delete_sheet' : 'organiser.prices.cancel')}
          </Button>
        }
      />
      {deleteError && <Alert tone="error">{deleteError}</Alert>}
    </section>
  );
}
