import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { PRINT_HOLD_MAX_HOURS } from '@fotodrop/contract/api/organiser-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { orderSettingsQuery, saveOrderSettings } from './orders-api';

/**
 * The owner's setting (issue 19, as Pixieset's order delay): paid print orders wait this many hours
 * for review before their lab package is made; 0 sends them at once.
 */
export function PrintHoldSetting({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(orderSettingsQuery(organisation.id));
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(settings.data?.print_hold_hours ?? 0);
  const save = useMutation({
    mutationFn: () => saveOrderSettings(organisation.id, Number(value)),
    onSuccess: (next) => {
      queryClient.setQueryData(orderSettingsQuery(organisation.id).queryKey, next);
      setDraft(null);
    },
  });
  const valid = /^\d+$/.test(value) && Number(value) <= PRINT_HOLD_MAX_HOURS;
  return (
    <form
      className="console-inline-form print-hold"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate();
      }}
    >
      <TextField
        label={t('organiser.orders.hold_hours')}
        hint={t('organiser.orders.hold_hint', { max: PRINT_HOLD_MAX_HOURS })}
        type="number"
        min={0}
        max={PRINT_HOLD_MAX_HOURS}
        value={value}
        onChange={(e) => setDraft(e.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={!valid || draft === null} loading={save.isPending}>
        {t('organiser.orders.hold_save')}
      </Button>
      {save.isSuccess && draft === null && <Alert tone="success">{t('organiser.orders.hold_saved')}</Alert>}
      {save.isError && <Alert tone="error">{translateError(t, save.error)}</Alert>}
    </form>
  );
}
