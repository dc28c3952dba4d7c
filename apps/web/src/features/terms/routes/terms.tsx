import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signOut, updateMe } from '../../../shared/auth/user';
import { paths, safeNext } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { RichText } from '../../../shared/i18n/rich-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';

/** /terms?next=…: the user accepts the required policies, then continues where they were going. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'), paths.checkins.getHref());
  usePageTitle(t('terms.title'));

  const accept = useMutation({
    mutationFn: () => updateMe({ accept_required_policies: true }),
    onSuccess: () => navigate(next, { replace: true }),
  });

  return (
    <section className="page page-narrow">
      <h1>{t('terms.title')}</h1>
      <p className="page-intro">{t('terms.intro')}</p>
      <div className="form-card">
        <ul className="checklist">
          <li>
            <RichText
              text={t('terms.point_terms')}
              components={{ link: (chunk) => <Link to={paths.termsOfService.getHref()}>{chunk}</Link> }}
            />
          </li>
          <li>
            <RichText
              text={t('terms.point_privacy')}
              components={{ link: (chunk) => <Link to={paths.privacyPolicy.getHref()}>{chunk}</Link> }}
            />
          </li>
        </ul>
        {accept.isError && <Alert tone="error">{translateError(t, accept.error)}</Alert>}
        <div className="actions">
          <Button size="lg" loading={accept.isPending} onClick={() => accept.mutate()}>
            {t('terms.accept')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => void signOut().then(() => navigate(paths.home.getHref(), { replace: true }))}
          >
            {t('terms.decline')}
          </Button>
        </div>
      </div>
    </section>
  );
}
