import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import type { ReactNode } from 'react';
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

interface ListEditorProps<T> extends EditorProps<T> {
  /** The setting's key: its error is `errors[name]`, a row's `errors['<name>.<i>.<key>']`. */
  name: string;
  legend: string;
  hint: string;
  errorId: string;
  removeLabel: (n: number) => string;
  addLabel: string;
  /** The row "Add" appends, given the rows there are. */
  newRow: (rows: T[]) => T;
  /** A row's fields; `n` counts from 1, `err(key)` is that field's error. */
  renderRow: (row: {
    item: T;
    i: number;
    n: number;
    set: (patch: Partial<T>) => void;
    err: (key: string) => string | undefined;
  }) => ReactNode;
}

/** A check-in step's list of rows: each row's fields and its Remove button, then Add. */
function ListEditor<T>({
  value,
  onChange,
  errors,
  disabled,
  name,
  legend,
  hint,
  errorId,
  removeLabel,
  addLabel,
  newRow,
  renderRow,
}: ListEditorProps<T>) {
  const set = (i: number, patch: Partial<T>) =>
    onChange(value.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <fieldset className="event-fieldset">
      <legend>{legend}</legend>
      <p className="field-hint">{hint}</p>
      {value.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is their identity
        <div className="event-row" key={i}>
          {renderRow({
            item,
            i,
            n: i + 1,
            set: (patch) => set(i, patch),
            err: (key) => errors[`${name}.${i}.${key}`],
          })}
          {!disabled && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              {removeLabel(i + 1)}
            </Button>
          )}
        </div>
      ))}
      <FieldError id={errorId} message={errors[name]} />
      {!disabled && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onChange([...value, newRow(value)])}
        >
          {addLabel}
        </Button>
      )}
    </fieldset>
  );
}

/** The data collector step's form: one row per question the participant answers at check-in. */
export function CollectorFieldsEditor(props: EditorProps<CollectorField>) {
  const { t } = useTranslation();
  const { disabled } = props;
  return (
    <ListEditor
      {...props}
      name="data_collector_fields"
      legend={t('organiser.event.fields.data_collector_fields')}
      hint={t('organiser.event.collector_hint')}
      errorId="collector-error"
      removeLabel={(n) => t('organiser.event.collector.remove', { n })}
      addLabel={t('organiser.event.collector.add')}
      newRow={(): CollectorField => ({ name: '', label: '', type: 'text', required: false })}
      renderRow={({ item: field, i, n, set, err }) => (
        <>
          <TextField
            label={t('organiser.event.collector.name', { n })}
            value={field.name}
            disabled={disabled}
            error={err('name')}
            onChange={(e) => set({ name: e.target.value })}
          />
          <TextField
            label={t('organiser.event.collector.label', { n })}
            value={field.label}
            disabled={disabled}
            error={err('label')}
            onChange={(e) => set({ label: e.target.value })}
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
              onChange={(e) => set({ type: e.target.value as CollectorField['type'] })}
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
            onChange={(e) => set({ required: e.target.checked })}
          />
        </>
      )}
    />
  );
}

/** The option selector step's choices (e.g. "Photos of the 10 km" / "of the marathon"). */
export function OptionsEditor(props: EditorProps<Option>) {
  const { t } = useTranslation();
  const { disabled } = props;
  return (
    <ListEditor
      {...props}
      name="options"
      legend={t('organiser.event.fields.options')}
      hint={t('organiser.event.options_hint')}
      errorId="options-error"
      removeLabel={(n) => t('organiser.event.option.remove', { n })}
      addLabel={t('organiser.event.option.add')}
      newRow={(rows) => ({ id: `option-${rows.length + 1}`, label: '' })}
      renderRow={({ item: option, n, set, err }) => (
        <>
          <TextField
            label={t('organiser.event.option.id', { n })}
            value={option.id}
            disabled={disabled}
            error={err('id')}
            onChange={(e) => set({ id: e.target.value })}
          />
          <TextField
            label={t('organiser.event.option.label', { n })}
            value={option.label}
            disabled={disabled}
            error={err('label')}
            onChange={(e) => set({ label: e.target.value })}
          />
        </>
      )}
    />
  );
}
