import type { OrganisationBankAccount, UpdateBankAccount } from '@fotodrop/contract/api/organiser-payments';
import { formatIban, ibanProblem, isBic } from '@fotodrop/contract/rules/iban';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { BankAccountRemoval } from './bank-account-removal';
import { saveBankAccount, sellingKeys } from './selling-api';

type Errors = Partial<Record<keyof UpdateBankAccount, string>>;

/** What the form refuses before sending: the same rules as the server (contract rules/iban.ts). */
function check(values: UpdateBankAccount): Errors {
  const errors: Errors = {};
  if (values.beneficiary.trim().length < 2) errors.beneficiary = 'field.required';
  const iban = ibanProblem(values.iban);
  if (iban) errors.iban = iban;
  if (!isBic(values.bic)) errors.bic = 'bic.invalid';
  return errors;
}

/** The account the organisation's bank-transfer orders are paid to (instructions, e-mail). */
export function BankAccountForm({
  organisationId,
  initial,
}: {
  organisationId: number;
  initial: OrganisationBankAccount;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState(initial);
  const [values, setValues] = useState<UpdateBankAccount>({
    beneficiary: initial.account?.beneficiary ?? '',
    iban: initial.account ? formatIban(initial.account.iban) : '',
    bic: initial.account?.bic ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: UpdateBankAccount) => saveBankAccount(organisationId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(sellingKeys.bankAccount(organisationId), saved);
      setAnswer(saved);
      if (saved.account) setValues({ ...saved.account, iban: formatIban(saved.account.iban) });
      setNotice({ tone: 'success', text: t('organiser.selling.bank.saved') });
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        setErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v.join('\n')])) as Errors,
        );
      } else setNotice({ tone: 'error', text: translateError(t, error) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };
  const field = (name: keyof UpdateBankAccount) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((old) => ({ ...old, [name]: undefined }));
    },
  });

  return (
    <form className="card console-card" onSubmit={submit} noValidate aria-labelledby="bank-heading">
      <h2 id="bank-heading">{t('organiser.selling.bank.title')}</h2>
      <p className="selling-lead">
        {answer.account
          ? t('organiser.selling.bank.own')
          : answer.platform_account
            ? t('organiser.selling.bank.platform')
            : t('organiser.selling.bank.none')}
      </p>
      <div className="selling-bank-fields">
        <TextField
          label={t('organiser.selling.bank.beneficiary')}
          autoComplete="organization"
          maxLength={140}
          required
          {...field('beneficiary')}
        />
        <TextField
          label={t('organiser.selling.bank.iban')}
          hint={t('organiser.selling.bank.iban_hint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={50}
          required
          {...field('iban')}
        />
        <TextField
          label={t('organiser.selling.bank.bic')}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          required
          {...field('bic')}
        />
      </div>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <div className="selling-actions">
        <Button type="submit" loading={save.isPending}>
          {t('organiser.selling.bank.save')}
        </Button>
        <BankAccountRemoval
          organisationId={organisationId}
          account={answer}
          onAttempt={() => setNotice(null)}
          onRemoved={(removed) => {
            setAnswer(removed);
            setValues({ beneficiary: '', iban: '', bic: '' });
            setErrors({});
            setNotice({ tone: 'success', text: t('organiser.selling.bank.removed') });
          }}
        />
      </div>
    </form>
  );
}
