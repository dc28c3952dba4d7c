import './steps.css';
import type { Checkin, CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Dialog } from '../../../shared/ui/dialog';
import { FieldError } from '../../../shared/ui/field-error';
import { PageLoader } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { leaveSite } from '../../../shared/utils/leave-site';
import { SelfieFlow } from '../../selfie';
import { completeCheckin } from '../api/complete-checkin';

interface StepProps {
  step: CheckinStepResponse;
  /** A further step followed (303 again). */
  onStep: (next: CheckinStepResponse) => void;
  onCompleted: (checkin: Checkin) => void;
  /** The user closed the modal without finishing the step. */
  onDismiss: () => void;
}

/** Build flag: a data_collector step with a form_url goes to that form instead of the data-form modal. */
function skipDataCollectorModal(): boolean {
  return import.meta.env.VITE_SKIP_DATA_COLLECTOR_MODAL === 'true';
}

/** Only web addresses are followed; anything else falls back to the data-form modal. */
function webUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The modal of a further check-in step (entry spec §4): data form, option choice or selfie. */
export function CheckinStepModal(props: StepProps) {
  const { step } = props;
  switch (step.checkin_step) {
    case 'data_collector': {
      const formUrl = skipDataCollectorModal() ? webUrl(step.form_url) : null;
      return formUrl ? (
        <DataCollectionRedirect url={formUrl} onDismiss={props.onDismiss} />
      ) : (
        <DataCollectorStep {...props} />
      );
    }
    case 'option_selector':
      return <OptionSelectorStep {...props} />;
    case 'face_recognition':
      return <FaceRecognitionStep {...props} />;
    default:
      return null;
  }
}

function useCompletion({ step, onStep, onCompleted }: StepProps) {
  return useMutation({
    mutationFn: (answers: Record<string, string>) => completeCheckin(step, answers),
    onSuccess: (outcome) =>
      outcome.kind === 'created' ? onCompleted(outcome.checkin) : onStep(outcome.step),
  });
}

function StepPrivacy({ text }: { text: string | null | undefined }) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <section className="step-privacy">
      <h3>{t('checkins.steps.privacy')}</h3>
      <p>{text}</p>
    </section>
  );
}

type Field = CheckinStepResponse['fields'][number];
type FormValues = Record<string, string | boolean>;

/** Form values are keyed by position (f0, f1, …): server field names may contain dots. */
const key = (index: number) => `f${index}`;

function fieldSchema(field: Field): z.ZodType {
  if (field.type === 'checkbox')
    return field.required ? z.literal(true, { message: 'field.required' }) : z.boolean();
  const text = field.required ? z.string().trim().min(1, { message: 'field.required' }) : z.string().trim();
  if (field.type !== 'email') return text;
  return text.refine((value) => value === '' || z.email().safeParse(value).success, {
    message: 'email.invalid',
  });
}

function dataFormSchema(fields: Field[]) {
  return z.object(Object.fromEntries(fields.map((field, i) => [key(i), fieldSchema(field)])));
}

/** The answers as the server expects them: strings under the field names; empty optional ones left out. */
function toAnswers(fields: Field[], values: FormValues): Record<string, string> {
  const answers: Record<string, string> = {};
  fields.forEach((field, i) => {
    const value = values[key(i)];
    if (typeof value === 'boolean') answers[field.name] = String(value);
    else if (value) answers[field.name] = value;
  });
  return answers;
}

const AUTOCOMPLETE: Partial<Record<Field['type'], string>> = { email: 'email', tel: 'tel' };

function DataCollectorStep(props: StepProps) {
  const { step, onDismiss } = props;
  const { t } = useTranslation();
  const formId = useId();
  const completion = useCompletion(props);
  const schema = useMemo(() => dataFormSchema(step.fields), [step.fields]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues>,
    defaultValues: Object.fromEntries(
      step.fields.map((f, i) => [key(i), f.type === 'checkbox' ? false : '']),
    ),
  });
  const { errors } = form.formState;
  const errorOf = (i: number) => errors[key(i)]?.message as string | undefined;

  return (
    <Dialog
      open
      onClose={onDismiss}
      title={t('checkins.steps.data.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onDismiss}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={completion.isPending}>
            {t('checkins.steps.continue')}
          </Button>
        </>
      }
    >
      <p className="step-lead">{t('checkins.steps.data.lead')}</p>
      {completion.isError && <Alert tone="error">{translateError(t, completion.error)}</Alert>}
      <form
        id={formId}
        noValidate
        onSubmit={form.handleSubmit((values) => completion.mutate(toAnswers(step.fields, values)))}
      >
        {step.fields.map((field, i) =>
          field.type === 'checkbox' ? (
            <Checkbox
              key={field.name}
              label={field.label}
              required={field.required}
              error={errorOf(i)}
              {...form.register(key(i))}
            />
          ) : (
            <TextField
              key={field.name}
              type={field.type}
              label={field.label}
              required={field.required}
              autoComplete={AUTOCOMPLETE[field.type]}
              error={errorOf(i)}
              {...form.register(key(i))}
            />
          ),
        )}
      </form>
      <StepPrivacy text={step.privacy} />
    </Dialog>
  );
}

/** VITE_SKIP_DATA_COLLECTOR_MODAL: the organiser's own form instead of the modal (the data-collection redirect notice). */
function DataCollectionRedirect({ url, onDismiss }: { url: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  useEffect(() => leaveSite.assign(url), [url]);
  return (
    <Dialog open onClose={onDismiss} title={t('checkins.steps.redirect.title')}>
      <p>{t('checkins.steps.redirect.text')}</p>
      <p>
        <a href={url}>{t('checkins.steps.redirect.link')}</a>
      </p>
    </Dialog>
  );
}

function OptionSelectorStep(props: StepProps) {
  const { step, onDismiss } = props;
  const { t } = useTranslation();
  const formId = useId();
  const errorId = useId();
  const completion = useCompletion(props);
  const [choice, setChoice] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) setMissing(true);
    else completion.mutate({ option: choice });
  };

  return (
    <Dialog
      open
      onClose={onDismiss}
      title={t('checkins.steps.option.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onDismiss}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={completion.isPending}>
            {t('checkins.steps.continue')}
          </Button>
        </>
      }
    >
      {completion.isError && <Alert tone="error">{translateError(t, completion.error)}</Alert>}
      <form id={formId} noValidate onSubmit={submit}>
        <fieldset className="fieldset option-list" aria-describedby={missing ? errorId : undefined}>
          <legend className="step-lead">{t('checkins.steps.option.legend')}</legend>
          {step.options.map((option) => (
            <label key={option.id} className="option">
              <input
                type="radio"
                name={`${formId}-option`}
                value={option.id}
                checked={choice === option.id}
                onChange={() => {
                  setChoice(option.id);
                  setMissing(false);
                }}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        <FieldError id={errorId} message={missing ? 'checkins.steps.option.required' : undefined} />
      </form>
      <StepPrivacy text={step.privacy} />
    </Dialog>
  );
}

/**
 * decision (issue 10): a face_recognition step opens the selfie flow for the pending check-in.
 * Its first accepted selfie completes the step on the server; the flow then completes the
 * check-in here to get the album (or the next step, which takes over), searches and opens it.
 */
function FaceRecognitionStep({ step, onStep, onCompleted, onDismiss }: StepProps) {
  const onSelfieAccepted = async () => {
    const outcome = await completeCheckin(step);
    if (outcome.kind === 'created') return outcome.checkin;
    onStep(outcome.step);
    return null;
  };
  return (
    <Suspense fallback={<PageLoader />}>
      <SelfieFlow
        checkinId={step.id}
        checkin={null}
        privacy={step.privacy}
        onSelfieAccepted={onSelfieAccepted}
        onDone={(checkin) => onCompleted(checkin)}
        onClose={onDismiss}
      />
    </Suspense>
  );
}
