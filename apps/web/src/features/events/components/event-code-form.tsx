import { picacodeSchema } from '@fotodrop/contract/rules/picacode';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Button } from '../../../shared/ui/button';
import { CodeField } from '../../../shared/ui/code-field';

const schema = z.object({ picacode: picacodeSchema });

/**
 * The album-code entry of an event page: a logged-out visitor's code rides along in `next`, so
 * after signing up or logging in /checkins?picacode= opens the album. Logged in (an event offering
 * find by bib keeps them here), the code opens there at once.
 */
export function EventCodeForm() {
  const { t } = useTranslation();
  // the site's own example code (AppConfig.sample_code); none when the site names none
  const sampleCode = useAppConfig().sample_code;
  const navigate = useNavigate();
  const loggedIn = useAppStore((s) => s.token !== null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { picacode: '' },
  });
  const { errors } = form.formState;
  return (
    <div className="form-card event-code">
      <h2 id="event-code-title">{t('checkins.form.title')}</h2>
      <p className="field-hint">{t('checkins.form.lead')}</p>
      <form
        noValidate
        aria-labelledby="event-code-title"
        onSubmit={form.handleSubmit(({ picacode }) => {
          const album = paths.checkins.getHref({ picacode });
          return navigate(loggedIn ? album : paths.signup.getHref(album));
        })}
      >
        <div className="event-code-row">
          <CodeField
            label={t('checkins.form.label')}
            hint={sampleCode ? t('checkins.form.example', { code: sampleCode }) : undefined}
            required
            error={errors.picacode?.message}
            {...form.register('picacode')}
          />
          <Button type="submit" size="lg">
            {t('event.code_submit')}
          </Button>
        </div>
      </form>
      <p className="field-hint">{t('event.code_hint')}</p>
      <ul className="event-code-tips">
        <li>{t('checkins.tips.zero')}</li>
        <li>{t('checkins.tips.spaces')}</li>
      </ul>
    </div>
  );
}
