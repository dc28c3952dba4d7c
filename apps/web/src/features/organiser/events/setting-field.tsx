import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FieldError } from '../../../shared/ui/field-error';
import { TextField } from '../../../shared/ui/text-field';
import { CollectorFieldsEditor, OptionsEditor } from './check-in-editors';
import { BannerEditor, PopupEditor } from './message-editors';
import type { BannerDraft, FieldSpec, PopupDraft } from './setting-model';
import { knownTimeZones } from './zoned-time';

export interface SettingFieldProps {
  spec: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Field errors of the section, keyed by path ("banner.image_url"). */
  errors: Record<string, string>;
  disabled: boolean;
  /** Why the setting cannot change now (shown instead of editing it). */
  lockedReason?: string;
  timeZone: string;
}

/** One setting of the event as its input: label, hint, error, locked reason. */
export function SettingField({
  spec,
  value,
  onChange,
  errors,
  disabled,
  lockedReason,
  timeZone,
}: SettingFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(`organiser.event.fields.${spec.key}`);
  const error = errors[spec.key];
  const off = disabled || Boolean(lockedReason);
  const hint =
    lockedReason ?? (spec.type === 'datetime' ? t('organiser.event.in_zone', { zone: timeZone }) : undefined);
  switch (spec.type) {
    case 'checkbox':
      return (
        <Checkbox
          label={label}
          checked={value as boolean}
          disabled={off}
          error={error}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'select':
    case 'timezone': {
      const choices = spec.type === 'select' ? spec.choices : knownTimeZones();
      const list = choices.includes(value as string) ? choices : [value as string, ...choices];
      return (
        <div className={error ? 'field field-invalid' : 'field'}>
          <label className="field-label" htmlFor={id}>
            {label}
          </label>
          <select
            id={id}
            className="input select"
            value={value as string}
            disabled={off}
            aria-describedby={lockedReason ? `${id}-hint` : undefined}
            onChange={(e) => onChange(e.target.value)}
          >
            {list.map((choice) => (
              <option key={choice} value={choice}>
                {spec.type === 'select' ? t(`organiser.event.choices.${spec.key}.${choice}`) : choice}
              </option>
            ))}
          </select>
          {lockedReason && (
            <p className="field-hint" id={`${id}-hint`}>
              {lockedReason}
            </p>
          )}
          <FieldError id={`${id}-error`} message={error} />
        </div>
      );
    }
    case 'textarea':
      return (
        <div className={error ? 'field field-invalid' : 'field'}>
          <label className="field-label" htmlFor={id}>
            {label}
          </label>
          <textarea
            id={id}
            className="input event-textarea"
            rows={4}
            value={value as string}
            disabled={off}
            onChange={(e) => onChange(e.target.value)}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
      );
    case 'banner':
      return (
        <BannerEditor
          value={value as BannerDraft | null}
          onChange={onChange}
          errors={errors}
          disabled={off}
        />
      );
    case 'popup':
      return (
        <PopupEditor
          legend={label}
          name={spec.key}
          value={value as PopupDraft}
          onChange={onChange}
          errors={errors}
          disabled={off}
        />
      );
    case 'collector':
      return (
        <CollectorFieldsEditor value={value as never} onChange={onChange} errors={errors} disabled={off} />
      );
    case 'options':
      return <OptionsEditor value={value as never} onChange={onChange} errors={errors} disabled={off} />;
    default:
      return (
        <TextField
          label={label}
          type={
            spec.type === 'date'
              ? 'date'
              : spec.type === 'datetime'
                ? 'datetime-local'
                : spec.type === 'url'
                  ? 'url'
                  : 'text'
          }
          value={value as string}
          disabled={off}
          hint={hint}
          maxLength={spec.type === 'currency' ? 3 : undefined}
          error={error}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
