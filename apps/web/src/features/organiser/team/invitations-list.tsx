import type { Invitation } from '@fotodrop/contract/api/organisations';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatCalendarDate } from '../../../shared/ui/date-text';

/** Invitations sent and not yet accepted, with the day their link stops working. */
export function InvitationsList({ invitations }: { invitations: Invitation[] }) {
  const { t, language } = useTranslation();
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="team-invitations">
      <h2 id="team-invitations">{t('organiser.team.invitations')}</h2>
      <ul className="console-list">
        {invitations.map((invitation) => (
          <li key={invitation.id}>
            {t('organiser.team.invitation_line', {
              email: invitation.email,
              role: t(`organiser.roles.${invitation.role}`),
              date: formatCalendarDate(invitation.expires_at.slice(0, 10), language),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
