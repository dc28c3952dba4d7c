import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { FieldError } from './field-error';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  errorVars?: Record<string, unknown>;
  ref?: Ref<HTMLInputElement>;
  /** Renders as an on/off switch (same semantics, role=switch). */
  asSwitch?: boolean;
};

export function Checkbox({
  label,
  description,
  error,
  errorVars,
  asSwitch,
  ref,
  className,
  ...input
}: CheckboxProps) {
  const id = useId();
  const descId = `${id}-desc`;
  const errorId = `${id}-error`;
  const describedBy = [description && descId, error && errorId].filter(Boolean).join(' ');
  return (
    <div
      className={['check', asSwitch && 'check-switch', error && 'field-invalid', className]
        .filter(Boolean)
        .join(' ')}
    >
      <input
        {...input}
        ref={ref}
        id={id}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <div className="check-text">
        <label htmlFor={id}>{label}</label>
        {description && (
          <p className="field-hint" id={descId}>
            {description}
          </p>
        )}
        <FieldError id={errorId} message={error} vars={errorVars} />
      </div>
    </div>
  );
}
