import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useQuery } from '@tanstack/react-query';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { PageLoader } from '../../../shared/ui/spinner';
import { membersQuery } from '../api/team-api';
import { ConsoleLayout } from '../console/console-layout';
import { useCurrentOrganisation } from '../console/current-organisation';
import { InvitationsList } from './invitations-list';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';

/** /organiser/team: the owner's team — members with their roles, invitations, a new invitation. */
export function Component() {
  const { t } = useTranslation();
  const { current } = useCurrentOrganisation();
  return (
    <ConsoleLayout title={t('organiser.team.title')}>
      {current && roleMay(current.role, 'team.manage') ? (
        <Team organisation={current} />
      ) : (
        <Alert tone="info">{t('organiser.team.owners_only')}</Alert>
      )}
    </ConsoleLayout>
  );
}

function Team({ organisation }: { organisation: MyOrganisation }) {
  const { t } = useTranslation();
  const team = useQuery(membersQuery(organisation.id));
  if (team.isPending) return <PageLoader />;
  if (team.isError) return <Alert tone="error">{translateError(t, team.error)}</Alert>;
  return (
    <>
      <p className="page-intro">{t('organiser.team.intro', { organisation: organisation.name })}</p>
      <InviteForm organisationId={organisation.id} />
      <MembersTable organisationId={organisation.id} members={team.data.results} />
      <InvitationsList invitations={team.data.invitations} />
    </>
  );
}
