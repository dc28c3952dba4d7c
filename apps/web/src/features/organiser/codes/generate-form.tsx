import { CODES_PER_REQUEST, generateCodesBodySchema } from '@fotodrop/contract/api/organiser-codes';
import type { ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FieldError } from '../../../shared/ui/field-error';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { codesKeys, type GenerateInput, generateCodes } from './codes-api';
import { NewCodes } from './new-codes';

type Scope = 'event' | 'galleries' | 'tags';
interface Values {
  count: string;
  scope: Scope;
  gallery_ids: string[];
  /** Comma-separated. */
  tags: string;
  label: string;
}

const splitTags = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's values as the API's body, checked by the contract's schema. */
const resolver: Resolver<Values, unknown, GenerateInput> = (values) => {
  const body = {
    count: values.count.trim() === '' ? Number.NaN : Number(values.count),
    ...(values.scope === 'galleries' ? { gallery_ids: values.gallery_ids.map(Number) } : {}),
    ...(values.scope === 'tags' ? { tags: splitTags(values.tags) } : {}),
    ...(values.label.trim() ? { label: values.label } : {}),
  };
  const parsed = generateCodesBodySchema.safeParse(body);
  const errors: FieldErrors<Values> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const name = String(issue.path[0]) as keyof Values;
    errors[name] ??= { type: 'validation', message: issue.message };
  }
  // a scope chosen but left empty would silently open the whole event
  if (values.scope === 'galleries' && values.gallery_ids.length === 0)
    errors.gallery_ids ??= { type: 'required', message: 'field.required' };
  if (values.scope === 'tags' && splitTags(values.tags).length === 0)
    errors.tags ??= { type: 'required', message: 'field.required' };
  if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
  return { values: {}, errors };
};

/** Galleries in tree order, each with its depth (the API lists them flat by position). */
function treeOrder(galleries: ConsoleGallery[]): { gallery: ConsoleGallery; depth: number }[] {
  const out: { gallery: ConsoleGallery; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const g of galleries.filter((x) => x.parent_id === parent)) {
      out.push({ gallery: g, depth });
      walk(g.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Makes a batch of new codes for the whole event, some galleries or some tags (codes.manage). */
export function GenerateForm({ slug, galleries }: { slug: string; galleries: ConsoleGallery[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const galleriesErrorId = useId();
  const [made, setMade] = useState<string[] | null>(null);
  const form = useForm<Values, unknown, GenerateInput>({
    resolver,
    defaultValues: { count: '100', scope: 'event', gallery_ids: [], tags: '', label: '' },
  });
  const mutation = useMutation({
    mutationFn: (body: GenerateInput) => generateCodes(slug, body),
    onSuccess: ({ results }) => {
      setMade(results.map((c) => c.code));
      return queryClient.invalidateQueries({ queryKey: codesKeys.codes(slug) });
    },
    onError: (error) => applyServerErrors(error, form.setError, ['count', 'gallery_ids', 'tags', 'label']),
  });
  const { errors } = form.formState;
  const scope = form.watch('scope');

  return (
    <form
      className="card console-card"
      noValidate
      onSubmit={form.handleSubmit((body) => {
        setMade(null);
        mutation.mutate(body);
      })}
    >
      <h2>{t('organiser.codes.generate_title')}</h2>
      <FormError error={errors.root?.server} />
      <div className="console-inline-form codes-fields">
        <TextField
          label={t('organiser.codes.count')}
          type="number"
          inputMode="numeric"
          min={1}
          max={CODES_PER_REQUEST}
          hint={t('organiser.codes.count_hint', { max: CODES_PER_REQUEST })}
          error={errors.count?.message}
          errorVars={{ max: CODES_PER_REQUEST }}
          {...form.register('count')}
        />
        <TextField
          label={t('organiser.codes.label')}
          hint={t('organiser.codes.label_hint')}
          error={errors.label?.message}
          {...form.register('label')}
        />
      </div>
      <fieldset className="codes-scope">
        <legend className="field-label">{t('organiser.codes.scope')}</legend>
        {(['event', 'galleries', 'tags'] as const).map((value) => (
          <label key={value} className="codes-radio">
            <input type="radio" value={value} {...form.register('scope')} />
            {t(`organiser.codes.scope_choice.${value}`)}
          </label>
        ))}
      </fieldset>
      {scope === 'galleries' && (
        <fieldset className="codes-galleries" aria-describedby={galleriesErrorId}>
          <legend className="field-label">{t('organiser.codes.galleries')}</legend>
          {galleries.length === 0 && <p className="field-hint">{t('organiser.codes.no_galleries')}</p>}
          <div className="codes-gallery-list">
            {treeOrder(galleries).map(({ gallery, depth }) => (
              <label
                key={gallery.id}
                className="codes-radio"
                style={{ paddingInlineStart: `${depth * 1.25}rem` }}
              >
                <input type="checkbox" value={String(gallery.id)} {...form.register('gallery_ids')} />
                {gallery.name}
              </label>
            ))}
          </div>
          <FieldError id={galleriesErrorId} message={errors.gallery_ids?.message} />
        </fieldset>
      )}
      {scope === 'tags' && (
        <TextField
          label={t('organiser.codes.tags')}
          hint={t('organiser.codes.tags_hint')}
          error={errors.tags?.message}
          {...form.register('tags')}
        />
      )}
      <div>
        <Button type="submit" loading={mutation.isPending}>
          {t('organiser.codes.generate')}
        </Button>
      </div>
      {made && <Alert tone="success">{t('organiser.codes.generated', { count: made.length })}</Alert>}
      {made && made.length > 0 && <NewCodes codes={made} />}
    </form>
  );
}
