import {
  BRANDING_IMAGE_KINDS,
  type Branding,
  type BrandingImageKind,
} from '@fotodrop/contract/api/organisation-branding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { brandingKey, removeBrandingImage, uploadBrandingImage } from './branding-api';

const current = (branding: Branding, kind: BrandingImageKind) =>
  kind === 'logo'
    ? branding.logo
    : kind === 'favicon'
      ? branding.icons.favicon
      : branding.icons.apple_touch_icon;

/** The logo and icons: each is sent as soon as it is chosen, and shown as the site will serve it. */
export function BrandingImages({ organisationId, branding }: { organisationId: number; branding: Branding }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('organiser.branding.images')}</legend>
      <p className="field-hint">{t('organiser.branding.images_hint')}</p>
      {BRANDING_IMAGE_KINDS.map((kind) => (
        <BrandingImage
          key={kind}
          organisationId={organisationId}
          kind={kind}
          src={current(branding, kind)}
          label={t(`organiser.branding.image_kinds.${kind}`)}
        />
      ))}
    </fieldset>
  );
}

function BrandingImage({
  organisationId,
  kind,
  src,
  label,
}: {
  organisationId: number;
  kind: BrandingImageKind;
  src: string | null;
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const done = (branding: Branding) => {
    setError(null);
    queryClient.setQueryData(brandingKey(organisationId), branding);
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadBrandingImage(organisationId, kind, file),
    onSuccess: done,
    onError: (e) => {
      const reason =
        isApiError(e) && e.code === 'media_rejected' ? (e.data as { reason?: string })?.reason : undefined;
      setError(
        reason
          ? t(`organiser.reasons.${reason}`, { defaultValue: translateError(t, e) })
          : translateError(t, e),
      );
    },
  });
  const removal = useMutation({
    mutationFn: () => removeBrandingImage(organisationId, kind),
    onSuccess: done,
    onError: (e) => setError(translateError(t, e)),
  });
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="branding-image">
        {src ? <img src={src} alt={t('organiser.branding.current_image', { name: label })} /> : null}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = '';
          }}
        />
        {src && (
          <Button variant="ghost" size="sm" loading={removal.isPending} onClick={() => removal.mutate()}>
            {t('organiser.branding.remove_image', { name: label })}
          </Button>
        )}
      </div>
      {upload.isPending && <p role="status">{t('organiser.branding.uploading')}</p>}
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
