import './codes.css';
import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { useCurrentOrganisation } from '../console/current-organisation';
import { EventConsolePage } from '../console/event-console-page';
import { galleriesQuery } from './codes-api';
import { CodesList } from './codes-list';
import { GenerateForm } from './generate-form';
import { ImportForm } from './import-form';

/**
 * /organiser/events/:slug/codes: an event's album codes — generate, import, list, revoke, export
 * and print. What the caller may do follows their role in the event's organisation.
 */
export function Component() {
  const slug = useParams().slug ?? '';
  return (
    <EventConsolePage slug={slug} titleKey="organiser.codes.title">
      {(event) => <EventCodes slug={slug} organisationId={event.organisation_id} />}
    </EventConsolePage>
  );
}

function EventCodes({ slug, organisationId }: { slug: string; organisationId: number }) {
  const { t } = useTranslation();
  const { organisations } = useCurrentOrganisation();
  // decision (issue 18): the role comes from the event's own organisation, not from the switcher's
  // choice; someone the server let read an event of an organisation they are not a member of is
  // platform staff, who may do everything (the server checks every call again anyway)
  const role: OrganisationRole =
    organisations.find((o) => o.id === organisationId)?.role ?? ('owner' satisfies OrganisationRole);
  const galleries = useQuery(galleriesQuery(slug));
  if (!roleMay(role, 'codes.read')) return <Alert tone="info">{t('organiser.codes.not_allowed')}</Alert>;
  const manage = roleMay(role, 'codes.manage');
  const galleryList = galleries.data?.results ?? [];
  return (
    <>
      <p className="page-intro">{t(manage ? 'organiser.codes.intro' : 'organiser.codes.intro_read')}</p>
      {galleries.isError && <Alert tone="error">{translateError(t, galleries.error)}</Alert>}
      {manage && (
        <div className="codes-forms">
          <GenerateForm slug={slug} galleries={galleryList} />
          <ImportForm slug={slug} />
        </div>
      )}
      <CodesList slug={slug} galleries={galleryList} manage={manage} />
    </>
  );
}
