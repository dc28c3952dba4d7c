import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { consoleEventQuery } from '../api/events-api';
import { BackToEvent } from './back-to-event';
import { ConsoleLayout } from './console-layout';

/**
 * A console page of one event (codes, participants, prices): the event loaded, the page titled
 * `<titleKey>_of` with its name (`<titleKey>` while it loads), a way back to the event, then
 * `children` with the event.
 */
export function EventConsolePage({
  slug,
  titleKey,
  children,
}: {
  slug: string;
  titleKey: string;
  children: (event: ConsoleEvent) => ReactNode;
}) {
  const { t } = useTranslation();
  const event = useQuery(consoleEventQuery(slug));
  const title = event.data ? t(`${titleKey}_of`, { event: event.data.name }) : t(titleKey);
  return (
    <ConsoleLayout title={title}>
      {event.isPending ? (
        <PageLoader />
      ) : event.isError ? (
        <Alert tone="error">{translateError(t, event.error)}</Alert>
      ) : (
        <>
          <BackToEvent slug={slug} name={event.data.name} />
          {children(event.data)}
        </>
      )}
    </ConsoleLayout>
  );
}
