import type { ReactNode } from 'react';
import { usePageTitle } from '../../../shared/hooks/use-page-title';

/** Frame of the sign-in screens: one h1, an optional lead text, the form in a card. */
export function AuthPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className="page page-narrow auth-page">
      <h1>{title}</h1>
      {lead && <div className="page-intro">{lead}</div>}
      <div className="form-card">{children}</div>
    </section>
  );
}
