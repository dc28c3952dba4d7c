import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';

/**
 * Saving a voucher's or a campaign's form: the list is asked again before `onSaved`, and the
 * server's refusals go to the fields they name.
 */
export function usePromoSave<V extends FieldValues, B, T>({
  form,
  save,
  listKey,
  fields,
  onSaved,
}: {
  form: UseFormReturn<V, unknown, B>;
  save: (body: B) => Promise<T>;
  listKey: readonly unknown[];
  fields: readonly Path<V>[];
  onSaved: (saved: T) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: listKey });
      onSaved(saved);
    },
    onError: (error) => applyServerErrors(error, form.setError, fields),
  });
}

/** The frame of a voucher's or a campaign's form: its heading (focused on opening), errors, fields and buttons. */
export function PromoForm({
  title,
  error,
  onSubmit,
  pending,
  submitLabel,
  onCancel,
  children,
}: {
  title: string;
  /** The server's answer that names no field. */
  error: Parameters<typeof FormError>[0]['error'];
  /** The form's handleSubmit: checks, then saves. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // the form opens above the list: the keyboard and screen reader start at its heading
  useEffect(() => heading.current?.focus(), []);
  return (
    <form className="card console-card vouchers-form" noValidate onSubmit={onSubmit}>
      <h3 ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <FormError error={error} />
      {children}
      <div className="vouchers-form-actions">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('organiser.vouchers.cancel')}
        </Button>
      </div>
    </form>
  );
}
