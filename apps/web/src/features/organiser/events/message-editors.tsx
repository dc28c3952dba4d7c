import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FieldError } from '../../../shared/ui/field-error';
import { TextField } from '../../../shared/ui/text-field';
import type { BannerDraft, PopupDraft } from './setting-model';

interface Props<T> {
  value: T;
  onChange: (value: T) => void;
  errors: Record<string, string>;
  disabled: boolean;
}

/** The album's banner: an image with an optional link, at the top or the bottom; or none. */
export function BannerEditor({ value, onChange, errors, disabled }: Props<BannerDraft | null>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="event-fieldset">
      <legend>{t('organiser.event.fields.banner')}</legend>
      <Checkbox
        label={t('organiser.event.banner.show')}
        checked={value !== null}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked ? { image_url: '', link_url: '', position: 't' } : null)}
      />
      {value && (
        <>
          <TextField
            label={t('organiser.event.banner.image_url')}
            type="url"
            value={value.image_url}
            disabled={disabled}
            error={errors['banner.image_url']}
            onChange={(e) => onChange({ ...value, image_url: e.target.value })}
          />
          <TextField
            label={t('organiser.event.banner.link_url')}
            type="url"
            value={value.link_url}
            disabled={disabled}
            error={errors['banner.link_url']}
            onChange={(e) => onChange({ ...value, link_url: e.target.value })}
          />
          <div className="field">
            <label className="field-label" htmlFor={id}>
              {t('organiser.event.banner.position')}
            </label>
            <select
              id={id}
              className="input select"
              value={value.position}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, position: e.target.value as 't' | 'b' })}
            >
              <option value="t">{t('organiser.event.banner.top')}</option>
              <option value="b">{t('organiser.event.banner.bottom')}</option>
            </select>
          </div>
        </>
      )}
      <FieldError id={`${id}-error`} message={errors.banner} />
    </fieldset>
  );
}

/** A popup of the album (welcome: once on arrival; fixed: always reachable). */
export function PopupEditor({
  legend,
  name,
  value,
  onChange,
  errors,
  disabled,
}: Props<PopupDraft> & { legend: string; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="event-fieldset">
      <legend>{legend}</legend>
      <Checkbox
        label={t('organiser.event.popup.active')}
        checked={value.active}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, active: e.target.checked })}
      />
      <TextField
        label={t('organiser.event.popup.title')}
        value={value.title}
        disabled={disabled}
        error={errors[`${name}.title`]}
        onChange={(e) => onChange({ ...value, title: e.target.value })}
      />
      <div className={errors[`${name}.text`] ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor={id}>
          {t('organiser.event.popup.text')}
        </label>
        <textarea
          id={id}
          className="input event-textarea"
          rows={3}
          value={value.text}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
        />
        <FieldError id={`${id}-error`} message={errors[`${name}.text`]} />
      </div>
    </fieldset>
  );
}
