import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FieldError } from '../../../shared/ui/field-error';
import { TextField } from '../../../shared/ui/text-field';

type CollectorField = NonNullable<ConsoleEvent['data_collector_fields']>[number];
type Option = NonNullable<ConsoleEvent['options']>[number];
const FIELD_TYPES = ['text', 'email', 'tel', 'date', 'checkbox'] as const;

interface EditorProps<T> {
  value: T[];
  onChange: (value: T[]) => void;
  errors: Record<string, string>;
  disabled: boolean;
}

/** The data collector step's form: one row per question the participant answers at check-in. */
export function CollectorFieldsEditor({ value, onChange, errors, disabled }: EditorProps<CollectorField>) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<CollectorField>) =>
    onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <fieldset className="event-fieldset">
      <legend>{t('organiser.event.fields.data_collector_fields')}</legend>
      <p className="field-hint">{t('organiser.event.collector_hint')}</p>
      {value.map((field, i) => {
        const n = i + 1;
        const err = (k: string) => errors[`data_collector_fields.${i}.${k}`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is their identity
          <div className="event-row" key={i}>
            <TextField
              label={t('organiser.event.collector.name', { n })}
              value={field.name}
              disabled={disabled}
              error={err('name')}
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <TextField
              label={t('organiser.event.collector.label', { n })}
              value={field.label}
              disabled={disabled}
              error={err('label')}
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <div className="field">
              <label className="field-label" htmlFor={`collector-type-${i}`}>
                {t('organiser.event.collector.type', { n })}
              </label>
              <select
                id={`collector-type-${i}`}
                className="input select"
                value={field.type}
                disabled={disabled}
                onChange={(e) => set(i, { type: e.target.value as CollectorField['type'] })}
              >
                {FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`organiser.event.collector.types.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            <Checkbox
              label={t('organiser.event.collector.required')}
              checked={field.required}
              disabled={disabled}
              onChange={(e) => set(i, { required: e.target.checked })}
            />
            {!disabled && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                {t('organiser.event.collector.remove', { n })}
              </Button>
            )}
          </div>
        );
      })}
      <FieldError id="collector-error" message={errors.data_collector_fields} />
      {!disabled && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onChange([...value, { name: '', label: '', type: 'text', required: false }])}
        >
          {t('organiser.event.collector.add')}
        </Button>
      )}
    </fieldset>
  );
}

/** The option selector step's choices (e.g. "Photos of the 10 km" / "of the marathon"). */
export function OptionsEditor({ value, onChange, errors, disabled }: EditorProps<Option>) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Option>) =>
    onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <fieldset className="event-fieldset">
      <legend>{t('organiser.event.fields.options')}</legend>
      <p className="field-hint">{t('organiser.event.options_hint')}</p>
      {value.map((option, i) => {
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is their identity
          <div className="event-row" key={i}>
            <TextField
              label={t('organiser.event.option.id', { n })}
              value={option.id}
              disabled={disabled}
              error={errors[`options.${i}.id`]}
              onChange={(e) => set(i, { id: e.target.value })}
            />
            <TextField
              label={t('organiser.event.option.label', { n })}
              value={option.label}
              disabled={disabled}
              error={errors[`options.${i}.label`]}
              onChange={(e) => set(i, { label: e.target.value })}
            />
            {!disabled && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                {t('organiser.event.option.remove', { n })}
              </Button>
            )}
          </div>
        );
      })}
      <FieldError id="options-error" message={errors.options} />
      {!disabled && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onChange([...value, { id: `option-${value.length + 1}`, label: '' }])}
        >
          {t('organiser.event.option.add')}
        </Button>
      )}
    </fieldset>
  );
}
