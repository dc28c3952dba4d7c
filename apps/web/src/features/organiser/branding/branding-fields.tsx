import type { Theme } from '@fotodrop/contract/api/config';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Checkbox } from '../../../shared/ui/checkbox';
import { TextField } from '../../../shared/ui/text-field';
import type { BrandingValues } from './branding-values';
import { TextAreaField } from './text-area-field';

type Form = UseFormReturn<BrandingValues>;
const COLOURS: (keyof Theme)[] = ['primary', 'primary_contrast', 'accent', 'background', 'surface', 'text'];

/** Name, colours, the home page and sign-up rules, support: the plain fields of the branding. */
export function BrandingFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { register, watch } = form;
  const errors = form.formState.errors;
  const customTheme = watch('custom_theme');
  return (
    <>
      <fieldset>
        <legend>{t('organiser.branding.identity')}</legend>
        <TextField
          label={t('organiser.branding.fields.name')}
          error={errors.name?.message}
          {...register('name')}
        />
        <Checkbox label={t('organiser.branding.fields.custom_theme')} {...register('custom_theme')} />
        {customTheme && (
          <div className="branding-colours">
            {COLOURS.map((colour) => (
              <label key={colour} className="branding-colour">
                <input type="color" {...register(`theme.${colour}`)} />
                <span>{t(`organiser.branding.colours.${colour}`)}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('organiser.branding.home')}</legend>
        <TextField
          label={t('organiser.branding.fields.login_subtitle')}
          error={errors.login_subtitle?.message}
          {...register('login_subtitle')}
        />
        <TextField
          label={t('organiser.branding.fields.sample_code')}
          hint={t('organiser.branding.hints.sample_code')}
          error={errors.sample_code?.message}
          {...register('sample_code')}
        />
        <Checkbox label={t('organiser.branding.fields.show_calendar')} {...register('show_calendar')} />
        <Checkbox label={t('organiser.branding.fields.hide_cart')} {...register('hide_cart')} />
        <Checkbox
          label={t('organiser.branding.fields.hide_app_store_links')}
          {...register('hide_app_store_links')}
        />
        <Checkbox
          label={t('organiser.branding.fields.hide_powered_by_logo')}
          {...register('hide_powered_by_logo')}
        />
      </fieldset>
      <fieldset>
        <legend>{t('organiser.branding.signup')}</legend>
        <TextField
          label={t('organiser.branding.fields.min_required_age')}
          type="number"
          min={0}
          max={99}
          error={errors.min_required_age?.message}
          {...register('min_required_age', { valueAsNumber: true })}
        />
        <TextField
          label={t('organiser.branding.fields.min_required_age_policy_url')}
          type="url"
          error={errors.min_required_age_policy_url?.message}
          {...register('min_required_age_policy_url')}
        />
        <Checkbox
          label={t('organiser.branding.fields.disable_social_login')}
          {...register('disable_social_login')}
        />
        <TextAreaField
          label={t('organiser.branding.fields.marketing_consent_description')}
          error={errors.marketing_consent_description?.message}
          {...register('marketing_consent_description')}
        />
        <Checkbox
          label={t('organiser.branding.fields.hide_marketing_consent_last_update_date')}
          {...register('hide_marketing_consent_last_update_date')}
        />
        <TextAreaField
          label={t('organiser.branding.fields.face_checkin_privacy_statement')}
          error={errors.face_checkin_privacy_statement?.message}
          {...register('face_checkin_privacy_statement')}
        />
      </fieldset>
      <fieldset>
        <legend>{t('organiser.branding.support')}</legend>
        <TextField
          label={t('organiser.branding.fields.support_email')}
          type="email"
          hint={t('organiser.branding.hints.support_email')}
          error={errors.support_email?.message}
          {...register('support_email')}
        />
        <TextField
          label={t('organiser.branding.fields.time_zone')}
          hint={t('organiser.branding.hints.time_zone')}
          error={errors.time_zone?.message}
          {...register('time_zone')}
        />
      </fieldset>
    </>
  );
}
