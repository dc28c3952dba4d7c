import type { PackageOffer, PriceListItem } from '@fotodrop/contract/api/galleries';
import type { PriceListBody } from '@fotodrop/contract/api/organiser-prices';
import { type ReactNode, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError, translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { draftProblems, errorTargets, type PriceDraft, toBody, toDraft } from './price-draft';
import { PriceListEditor } from './price-list-editor';
import { PricePreview } from './price-preview';

type Result = { tone: 'success' | 'error' | 'info'; text: string };

/**
 * A price list being edited beside its live preview: the event's, a gallery's or a sheet's. The
 * form checks the list with the contract's rules before sending; the server's field errors land on
 * the same inputs. `onSave` sends the body; the caller refreshes what it shows (and remounts this
 * form with a new `key` to start again from what is stored).
 */
export function PriceListForm({
  items,
  packages,
  currency,
  withPackages,
  canManage,
  onSave,
  saveLabel,
  header,
  actions,
}: {
  items: readonly PriceListItem[];
  packages: readonly PackageOffer[];
  currency: string;
  withPackages: boolean;
  canManage: boolean;
  onSave: (body: PriceListBody) => Promise<unknown>;
  saveLabel: string;
  /** Inputs above the list (a sheet's name), part of the same form. */
  header?: ReactNode;
  /** More buttons beside Save. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PriceDraft>(() => toDraft(items, packages, currency));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const body = toBody(draft, currency, withPackages);

  const showErrors = (fields: Record<string, string[]>) => {
    const targets = errorTargets(draft, body, fields);
    setErrors(targets);
    const general = ['form', 'items', 'packages', 'currency', 'non_field_errors']
      .flatMap((k) => targets[k]?.split('\n') ?? [])
      .map((m) => translateMessage(t, m));
    setResult({ tone: 'error', text: [t('organiser.prices.fix_errors'), ...general].join(' ') });
    // the first field at fault gets the focus, once the errors are drawn
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const save = async () => {
    const found = draftProblems(body);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setResult(null);
    setSaving(true);
    try {
      await onSave(body);
      setResult({ tone: 'success', text: t('organiser.prices.saved') });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) showErrors(error.fieldErrors);
      else setResult({ tone: 'error', text: translateError(t, error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="price-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="price-form-grid">
        <div>
          {header}
          <PriceListEditor
            draft={draft}
            onChange={setDraft}
            errors={errors}
            currency={currency}
            withPackages={withPackages}
            disabled={!canManage}
          />
        </div>
        <PricePreview items={body.items} packages={body.packages} currency={currency} />
      </div>
      <div aria-live="polite">{result && <Alert tone={result.tone}>{result.text}</Alert>}</div>
      {canManage && (
        <div className="price-actions">
          <Button type="submit" loading={saving}>
            {saveLabel}
          </Button>
          {actions}
        </div>
      )}
    </form>
  );
}
