import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import { type ConsoleAction, roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { consoleEventQuery } from '../codes/codes-api';
import { BackToEvent } from './back-to-event';
import { ConsoleLayout } from './console-layout';
import { useCurrentOrganisation } from './current-organisation';

/**
 * A console page of one event (`:slug`): its title with the event's name, the way back to the
 * event, and `children` only for a role that may do `action` (`notAllowed` otherwise). `role` is
 * the caller's role in the event's organisation; undefined for platform staff (the server let
 * them read it, and checks every call again).
 */
export function ConsoleEventPage({
  title,
  action,
  notAllowed,
  children,
}: {
  /** The page's title, with the event's name once it is known. */
  title: (eventName: string | null) => string;
  action: ConsoleAction;
  notAllowed: string;
  children: (page: { slug: string; role: OrganisationRole | undefined }) => ReactNode;
}) {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const event = useQuery(consoleEventQuery(slug));
  const { organisations } = useCurrentOrganisation();
  const role = organisations.find((o) => o.id === event.data?.organisation_id)?.role;
  return (
    <ConsoleLayout title={title(event.data?.name ?? null)}>
      {event.isPending ? (
        <PageLoader />
      ) : event.isError ? (
        <Alert tone="error">{translateError(t, event.error)}</Alert>
      ) : role && !roleMay(role, action) ? (
        <Alert tone="info">{notAllowed}</Alert>
      ) : (
        <>
          <BackToEvent slug={slug} name={event.data.name} />
          {children({ slug, role })}
        </>
      )}
    </ConsoleLayout>
  );
}
