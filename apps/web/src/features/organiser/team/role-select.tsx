import { ORGANISATION_ROLES, type OrganisationRole } from '@fotodrop/contract/api/organisations';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** A role picker; each option says what the role may do, as the server's role table decides. */
export function RoleSelect({
  id,
  value,
  onChange,
  disabled,
  label,
}: {
  id: string;
  value: OrganisationRole;
  onChange: (role: OrganisationRole) => void;
  disabled?: boolean;
  /** An accessible name when no visible label goes with the select. */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <select
      id={id}
      className="input select"
      value={value}
      disabled={disabled}
      aria-label={label}
      onChange={(e) => onChange(e.target.value as OrganisationRole)}
    >
      {ORGANISATION_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`organiser.role_names.${role}`)}
        </option>
      ))}
    </select>
  );
}
