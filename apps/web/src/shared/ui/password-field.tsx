import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { FieldError } from './field-error';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** Content under the input, such as the rule checklist; give it `describedById` to link it. */
  children?: ReactNode;
  describedById?: string;
};

/** Password input with a show/hide toggle. */
export function PasswordField({ label, error, ref, children, describedById, ...input }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, describedById].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="input-with-button">
        <input
          {...input}
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="input-button"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('common.hide_password') : t('common.show_password')}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
      {children}
    </div>
  );
}
