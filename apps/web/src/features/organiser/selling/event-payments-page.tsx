import './selling.css';
import type {
  EventPaymentMethod,
  EventPaymentMethods,
  UpdateEventPaymentMethods,
} from '@fotodrop/contract/api/organiser-payments';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError, translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { PageLoader } from '../../../shared/ui/spinner';
import { TextAreaField } from '../branding/text-area-field';
import { ConsoleEventPage } from '../console/console-event-page';
import { paymentMethodsQuery, savePaymentMethods, sellingKeys } from './selling-api';

/**
 * /organiser/events/:slug/payments: which of the platform's payment methods the event's checkout
 * offers, and the text shown before paying with each. Owners choose; managers and support see it
 * (they answer "can I pay by transfer?").
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <ConsoleEventPage
      title={(event) => (event ? t('organiser.payments.title_of', { event }) : t('organiser.payments.title'))}
      action="orders.read"
      notAllowed={t('organiser.payments.not_allowed')}
    >
      {({ slug, role }) => <MethodsLoader slug={slug} canChange={!role || roleMay(role, 'selling.manage')} />}
    </ConsoleEventPage>
  );
}

function MethodsLoader({ slug, canChange }: { slug: string; canChange: boolean }) {
  const { t } = useTranslation();
  const methods = useQuery(paymentMethodsQuery(slug));
  if (methods.isPending) return <PageLoader />;
  if (methods.isError) return <Alert tone="error">{translateError(t, methods.error)}</Alert>;
  return <MethodsForm key={slug} slug={slug} initial={methods.data} canChange={canChange} />;
}

interface Values {
  enabled: Record<string, boolean>;
  messages: Record<string, string>;
}

const valuesOf = (answer: EventPaymentMethods): Values => ({
  enabled: Object.fromEntries(answer.methods.map((m) => [m.id, m.enabled])),
  messages: Object.fromEntries(answer.methods.map((m) => [m.id, m.confirm_message ?? ''])),
});

function MethodsForm({
  slug,
  initial,
  canChange,
}: {
  slug: string;
  initial: EventPaymentMethods;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState(initial);
  const [values, setValues] = useState(() => valuesOf(initial));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: UpdateEventPaymentMethods) => savePaymentMethods(slug, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(sellingKeys.paymentMethods(slug), saved);
      setAnswer(saved);
      setValues(valuesOf(saved));
      setNotice({ tone: 'success', text: t('organiser.payments.saved') });
    },
    onError: (error) => {
      const fields = isApiError(error) ? Object.values(error.fieldErrors).flat() : [];
      setNotice({
        tone: 'error',
        text: fields.length > 0 ? translateMessage(t, fields[0]!) : translateError(t, error),
      });
    },
  });
  const chosen = answer.methods.filter((m) => m.available && values.enabled[m.id]).map((m) => m.id);
  const messages = Object.fromEntries(answer.methods.map((m) => [m.id, values.messages[m.id] ?? '']));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (chosen.length === 0) {
      setNotice({ tone: 'error', text: translateMessage(t, 'payment_methods.none') });
      return;
    }
    save.mutate({ methods: chosen, confirm_messages: messages });
  };

  return (
    <form className="card console-card" onSubmit={submit} noValidate aria-labelledby="payments-heading">
      <h2 id="payments-heading">{t('organiser.payments.methods')}</h2>
      <p className="selling-lead">
        {answer.customised ? t('organiser.payments.customised') : t('organiser.payments.platform_default')}
      </p>
      {!canChange && <Alert tone="info">{t('organiser.payments.owners_only')}</Alert>}
      <fieldset className="selling-methods" disabled={!canChange || save.isPending}>
        <legend className="visually-hidden">{t('organiser.payments.methods')}</legend>
        {answer.methods.map((method) => (
          <MethodRow
            key={method.id}
            method={method}
            currency={answer.currency}
            readOnly={!canChange}
            checked={method.available && (values.enabled[method.id] ?? false)}
            message={values.messages[method.id] ?? ''}
            onCheck={(checked) =>
              setValues((v) => ({ ...v, enabled: { ...v.enabled, [method.id]: checked } }))
            }
            onMessage={(text) => setValues((v) => ({ ...v, messages: { ...v.messages, [method.id]: text } }))}
          />
        ))}
      </fieldset>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      {canChange && (
        <div className="selling-actions">
          <Button type="submit" loading={save.isPending}>
            {t('organiser.payments.save')}
          </Button>
          {answer.customised && (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => {
                setNotice(null);
                save.mutate({ methods: null, confirm_messages: messages });
              }}
            >
              {t('organiser.payments.reset')}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}

function MethodRow({
  method,
  currency,
  readOnly,
  checked,
  message,
  onCheck,
  onMessage,
}: {
  method: EventPaymentMethod;
  currency: string;
  readOnly: boolean;
  checked: boolean;
  message: string;
  onCheck: (checked: boolean) => void;
  onMessage: (text: string) => void;
}) {
  const { t } = useTranslation();
  const name = t(`checkout.method.${method.id}`);
  const note = method.unavailable_reason
    ? t(`organiser.payments.unavailable.${method.unavailable_reason}`, {
        currencies: (method.currencies ?? []).join(', '),
        currency,
      })
    : method.currencies
      ? t('organiser.payments.currencies', { currencies: method.currencies.join(', ') })
      : undefined;
  return (
    <div className="selling-method">
      <Checkbox
        label={name}
        description={note}
        checked={checked}
        disabled={!method.available || readOnly}
        onChange={(e) => onCheck(e.target.checked)}
      />
      {checked && (
        // folded away until used: most events keep the platform's texts
        <details className="selling-message" open={message !== '' || undefined}>
          <summary>{t('organiser.payments.message', { method: name })}</summary>
          <TextAreaField
            label={t('organiser.payments.message', { method: name })}
            hint={t('organiser.payments.message_hint')}
            value={message}
            maxLength={1000}
            rows={2}
            readOnly={readOnly}
            onChange={(e) => onMessage(e.target.value)}
          />
        </details>
      )}
    </div>
  );
}
