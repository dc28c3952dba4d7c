import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { FieldError } from './field-error';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Message key(s) of the field's error. */
  error?: string;
  errorVars?: Record<string, unknown>;
  ref?: Ref<HTMLInputElement>;
  /** Extra content under the input (e.g. a password rule checklist). */
  children?: ReactNode;
};

export function TextField({
  label,
  hint,
  error,
  errorVars,
  children,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId, input['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className={['field', error && 'field-invalid', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        type="text"
        {...input}
        ref={ref}
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} vars={errorVars} />
      {children}
    </div>
  );
}
