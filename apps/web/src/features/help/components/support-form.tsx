import {
  SUPPORT_CATEGORIES,
  SUPPORT_SCREENSHOT_MAX_BYTES,
  SUPPORT_SCREENSHOT_TYPES,
  type SupportEventsResponse,
  type SupportRequestBody,
  type SupportSendResponse,
  supportRequestBodySchema,
} from '@fotodrop/contract/api/support';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { FieldError } from '../../../shared/ui/field-error';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { sendSupportRequest } from '../api/support-api';

/** The form's values: the contract's body with the event as the select's text and the file apart. */
const formSchema = supportRequestBodySchema
  .omit({ event_id: true, screenshot: true, category: true })
  .extend({
    event_id: z.string(),
    category: z.union([z.enum(SUPPORT_CATEGORIES), z.literal('')]).refine((v) => v !== '', {
      message: 'support.category_required',
    }),
    screenshot: z
      .custom<FileList | undefined>()
      .refine(
        (files) => !files?.[0] || (SUPPORT_SCREENSHOT_TYPES as readonly string[]).includes(files[0].type),
        {
          message: 'support.screenshot_not_image',
        },
      )
      .refine((files) => !files?.[0] || files[0].size <= SUPPORT_SCREENSHOT_MAX_BYTES, {
        message: 'support.screenshot_too_large',
      }),
  });
type FormValues = z.input<typeof formSchema>;
const FIELDS = [
  'name',
  'email',
  'event_id',
  'picacode',
  'category',
  'subject',
  'message',
  'screenshot',
] as const;

/**
 * The support request: who asks (prefilled for a signed-in user), about which event (their albums'
 * events; a visitor types the album code), a topic, the message and an optional screenshot.
 */
export function SupportForm({
  events,
  defaults,
  onSent,
}: {
  events: SupportEventsResponse['results'];
  defaults: { name: string; email: string };
  onSent: (answer: SupportSendResponse, email: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { ...defaults, event_id: '', picacode: '', category: '', subject: '', message: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: FormValues) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(values)) {
        if (key !== 'screenshot' && typeof value === 'string' && value.trim() !== '')
          fields[key] = value.trim();
      }
      const file = values.screenshot?.[0];
      // JSON unless a screenshot goes along: then multipart, the same fields as text
      if (!file) {
        return sendSupportRequest({
          ...fields,
          event_id: fields.event_id ? Number(fields.event_id) : null,
        } as SupportRequestBody);
      }
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      form.set('screenshot', file, file.name);
      return sendSupportRequest(form);
    },
    onSuccess: (answer, values) => onSent(answer, values.email.trim().toLowerCase()),
    onError: (error) => applyServerErrors(error, form.setError, FIELDS),
  });
  const describe = (name: string, hint?: boolean) =>
    [hint && `${id}-${name}-hint`, errors[name as keyof FormValues] && `${id}-${name}-error`]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form
      className="support-form"
      noValidate
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
    >
      <div className="field-row">
        <TextField
          label={t('help.form.name')}
          autoComplete="name"
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label={t('help.form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <div className="field-row">
        {events.length > 0 && (
          <div className={`field${errors.event_id ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={`${id}-event_id`}>
              {t('help.form.event')}
            </label>
            <select
              id={`${id}-event_id`}
              className="input select"
              aria-describedby={describe('event_id')}
              {...form.register('event_id')}
            >
              <option value="">{t('help.form.no_event')}</option>
              {events.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-event_id-error`} message={errors.event_id?.message} />
          </div>
        )}
        <TextField
          label={t('help.form.picacode')}
          hint={t('help.form.picacode_hint')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          error={errors.picacode?.message}
          {...form.register('picacode')}
        />
      </div>
      <div className={`field${errors.category ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={`${id}-category`}>
          {t('help.form.category')}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={`${id}-category`}
          className="input select"
          required
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={describe('category')}
          {...form.register('category')}
        >
          <option value="">{t('help.form.category_choose')}</option>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`help.categories.${c}`)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-category-error`} message={errors.category?.message} />
      </div>
      <TextField
        label={t('help.form.subject')}
        required
        maxLength={200}
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <div className={`field${errors.message ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={`${id}-message`}>
          {t('help.form.message')}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={`${id}-message`}
          className="input textarea"
          rows={6}
          maxLength={5000}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describe('message', true)}
          {...form.register('message')}
        />
        <p className="field-hint" id={`${id}-message-hint`}>
          {t('help.form.message_hint')}
        </p>
        <FieldError id={`${id}-message-error`} message={errors.message?.message} />
      </div>
      <div className={`field${errors.screenshot ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={`${id}-screenshot`}>
          {t('help.form.screenshot')}
        </label>
        <input
          id={`${id}-screenshot`}
          type="file"
          className="input"
          accept={SUPPORT_SCREENSHOT_TYPES.join(',')}
          aria-invalid={errors.screenshot ? true : undefined}
          aria-describedby={describe('screenshot', true)}
          {...form.register('screenshot')}
        />
        <p className="field-hint" id={`${id}-screenshot-hint`}>
          {t('help.form.screenshot_hint')}
        </p>
        <FieldError
          id={`${id}-screenshot-error`}
          message={errors.screenshot?.message as string | undefined}
        />
      </div>
      <FormError error={errors.root?.server} />
      <Button type="submit" size="lg" loading={mutation.isPending}>
        {t('help.form.submit')}
      </Button>
    </form>
  );
}
