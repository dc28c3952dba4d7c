import type { ReactNode } from 'react';

export type AlertTone = 'info' | 'success' | 'error' | 'warning';

/** A message box. Errors are announced at once (role=alert), the rest politely (role=status). */
export function Alert({
  tone = 'info',
  title,
  children,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert-title">{title}</p>}
      {children && <div className="alert-body">{children}</div>}
    </div>
  );
}
