import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { TextField } from '../../../shared/ui/text-field';
import type { BrandingValues } from './branding-values';
import { TextAreaField } from './text-area-field';

type Form = UseFormReturn<BrandingValues>;
const MAX_CATEGORIES = 4;
const MAX_LINKS = 8;
const MAX_CHECKBOXES = 5;

/** The footer: company line and up to four columns of links. */
export function FooterFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const categories = useFieldArray({ control: form.control, name: 'footer_categories' });
  const errors = form.formState.errors;
  return (
    <fieldset>
      <legend>{t('organiser.branding.footer')}</legend>
      <TextAreaField
        label={t('organiser.branding.fields.footer_company_info')}
        error={errors.footer_company_info?.message}
        {...form.register('footer_company_info')}
      />
      {categories.fields.map((category, index) => (
        <div key={category.id} className="branding-rows card console-card">
          <div className="branding-row">
            <TextField
              label={t('organiser.branding.fields.category_title', { number: index + 1 })}
              error={errors.footer_categories?.[index]?.title?.message}
              {...form.register(`footer_categories.${index}.title`)}
            />
            <Button variant="ghost" size="sm" onClick={() => categories.remove(index)}>
              {t('organiser.branding.remove_category', { number: index + 1 })}
            </Button>
          </div>
          <FooterLinks form={form} category={index} />
        </div>
      ))}
      {categories.fields.length < MAX_CATEGORIES && (
        <Button variant="secondary" size="sm" onClick={() => categories.append({ title: '', links: [] })}>
          {t('organiser.branding.add_category')}
        </Button>
      )}
    </fieldset>
  );
}

function FooterLinks({ form, category }: { form: Form; category: number }) {
  const { t } = useTranslation();
  const links = useFieldArray({ control: form.control, name: `footer_categories.${category}.links` });
  const errors = form.formState.errors.footer_categories?.[category]?.links;
  return (
    <>
      {links.fields.map((link, index) => (
        <div key={link.id} className="branding-row">
          <TextField
            label={t('organiser.branding.fields.link_label')}
            error={errors?.[index]?.label?.message}
            {...form.register(`footer_categories.${category}.links.${index}.label`)}
          />
          <TextField
            label={t('organiser.branding.fields.link_url')}
            type="url"
            error={errors?.[index]?.url?.message}
            {...form.register(`footer_categories.${category}.links.${index}.url`)}
          />
          <Button variant="ghost" size="sm" onClick={() => links.remove(index)}>
            {t('organiser.branding.remove_link')}
          </Button>
        </div>
      ))}
      {links.fields.length < MAX_LINKS && (
        <Button variant="ghost" size="sm" onClick={() => links.append({ label: '', url: '' })}>
          {t('organiser.branding.add_link')}
        </Button>
      )}
    </>
  );
}

/** The site's own consent checkboxes at sign-up (required or optional, each with its policy link). */
export function PrivacyCheckboxFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const boxes = useFieldArray({ control: form.control, name: 'privacy_checkboxes' });
  const errors = form.formState.errors.privacy_checkboxes;
  return (
    <fieldset>
      <legend>{t('organiser.branding.privacy_checkboxes')}</legend>
      {errors?.root?.message && <p className="field-error">{errors.root.message}</p>}
      {boxes.fields.map((box, index) => (
        <div key={box.id} className="branding-rows card console-card">
          <TextAreaField
            label={t('organiser.branding.fields.checkbox_label', { number: index + 1 })}
            error={errors?.[index]?.label?.message}
            {...form.register(`privacy_checkboxes.${index}.label`)}
          />
          <div className="branding-row">
            <TextField
              label={t('organiser.branding.fields.link_url')}
              type="url"
              error={errors?.[index]?.url?.message}
              {...form.register(`privacy_checkboxes.${index}.url`)}
            />
            <Checkbox
              label={t('organiser.branding.fields.checkbox_required')}
              {...form.register(`privacy_checkboxes.${index}.required`)}
            />
            <Button variant="ghost" size="sm" onClick={() => boxes.remove(index)}>
              {t('organiser.branding.remove_checkbox', { number: index + 1 })}
            </Button>
          </div>
        </div>
      ))}
      {boxes.fields.length < MAX_CHECKBOXES && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            boxes.append({ id: `consent-${Date.now().toString(36)}`, label: '', required: false, url: null })
          }
        >
          {t('organiser.branding.add_checkbox')}
        </Button>
      )}
    </fieldset>
  );
}
