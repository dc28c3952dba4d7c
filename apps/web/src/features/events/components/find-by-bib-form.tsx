import { type FindByBibBody, findByBibBodySchema } from '@fotodrop/contract/api/events';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../shared/config/paths';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { useStepFlow } from '../../checkins';
import { findByBib } from '../api/find-by-bib';
import { savePendingBibSearch, takePendingBibSearch } from '../lib/pending-bib-search';

/**
 * "Find your photos by bib" (issue 20): a runner's bib number and last name open their album like
 * their code would. Logged out, the search waits in the session while they sign up or log in and
 * runs when they are back on this page.
 */
export function FindByBibForm({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useAppStore((s) => s.token !== null);
  const steps = useStepFlow();
  const [pending] = useState(() => takePendingBibSearch(slug));
  const form = useForm<FindByBibBody, unknown, z.output<typeof findByBibBodySchema>>({
    resolver: zodResolver(findByBibBodySchema),
    defaultValues: pending ?? { bib: '', last_name: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (body: FindByBibBody) => findByBib(slug, body),
    onSuccess: (outcome) => {
      if (outcome.kind === 'created') steps.complete(outcome.checkin);
      else steps.openStep(outcome.step);
    },
    onError: (error) => applyServerErrors(error, form.setError, ['bib', 'last_name']),
  });
  const submit = form.handleSubmit((body) => {
    if (loggedIn) return mutation.mutate(body);
    savePendingBibSearch(slug, body);
    void navigate(paths.signup.getHref(paths.eventHome.getHref(slug)));
  });

  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!pending || !loggedIn || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void submit();
  }, [pending, loggedIn, submit]);

  return (
    <div className="form-card event-bib">
      <h2 id="event-bib-title">{t('event.bib_title')}</h2>
      <p className="field-hint">{t('event.bib_text')}</p>
      <form noValidate aria-labelledby="event-bib-title" onSubmit={submit}>
        <FormError error={errors.root?.server} />
        <div className="event-bib-row">
          <TextField
            label={t('event.bib_label')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            required
            error={errors.bib?.message}
            {...form.register('bib')}
          />
          <TextField
            label={t('event.bib_last_name')}
            autoComplete="family-name"
            maxLength={100}
            required
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
          <Button type="submit" size="lg" loading={mutation.isPending}>
            {t('event.bib_submit')}
          </Button>
        </div>
      </form>
      {!loggedIn && <p className="field-hint">{t('event.bib_login_hint')}</p>}
      {steps.modal}
    </div>
  );
}
