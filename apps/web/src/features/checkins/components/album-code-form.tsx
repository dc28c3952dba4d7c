import { picacodeSchema } from '@fotodrop/contract/rules/picacode';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { CodeField } from '../../../shared/ui/code-field';
import { FormError } from '../../../shared/ui/form-error';
import { type CheckinOutcome, createCheckin } from '../api/create-checkin';
import { CodeTips } from './code-tips';

const codeFormSchema = z.object({ picacode: picacodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

interface AlbumCodeFormProps {
  /** A code from a link or recovery, submitted at once. */
  initialCode: string | null;
  /** Created, existing or step outcomes (an invalid code is shown on the field). `auto`: the initial code. */
  onOutcome: (outcome: Exclude<CheckinOutcome, { kind: 'invalid' }>, auto: boolean) => void;
}

/** The album-code entry with its tips. */
export function AlbumCodeForm({ initialCode, onOutcome }: AlbumCodeFormProps) {
  const { t } = useTranslation();
  // the site's own example code (AppConfig.sample_code); none when the site names none
  const sampleCode = useAppConfig().sample_code;
  const form = useForm<CodeForm, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { picacode: initialCode ?? '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: ({ code }: { code: string; auto: boolean }) => createCheckin(code),
    onSuccess: (outcome, { auto }) => {
      if (outcome.kind === 'invalid')
        form.setError('picacode', { type: 'server', message: 'picacode.invalid' });
      else onOutcome(outcome, auto);
    },
    onError: (error) => applyServerErrors(error, form.setError, ['picacode']),
  });

  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!initialCode || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void form.handleSubmit((values) => mutation.mutate({ code: values.picacode, auto: true }))();
  }, [initialCode, form, mutation]);

  return (
    <div className="form-card album-code">
      <h2 id="album-code-title">{t('checkins.form.title')}</h2>
      <p className="field-hint">{t('checkins.form.lead')}</p>
      <form
        noValidate
        aria-labelledby="album-code-title"
        onSubmit={form.handleSubmit((values) => mutation.mutate({ code: values.picacode, auto: false }))}
      >
        <FormError error={errors.root?.server} />
        <div className="code-row">
          <CodeField
            label={t('checkins.form.label')}
            hint={sampleCode ? t('checkins.form.example', { code: sampleCode }) : undefined}
            required
            error={errors.picacode?.message}
            {...form.register('picacode')}
          />
          <Button type="submit" size="lg" loading={mutation.isPending}>
            {t('checkins.form.submit')}
          </Button>
        </div>
      </form>
      <CodeTips />
    </div>
  );
}
