import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import { roleMay } from '@fotodrop/contract/rules/console-permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { PageLoader } from '../../../shared/ui/spinner';
import { eventKeys, photographersQuery, updateEvent } from '../api/events-api';
import { describeError } from './event-bits';

/**
 * Which of the organisation's photographers may upload to and see this event.
 * decision (issue 18): the whole team list is the owners' (GET …/members/ is team.manage); whoever
 * runs events (events.manage: owners and managers) reads the photographers alone
 * (GET …/photographers/) and assigns them; other roles see how many are assigned.
 */
export function PhotographersPanel({
  event,
  canManage,
  role,
}: {
  event: ConsoleEvent;
  canManage: boolean;
  role: OrganisationRole | null;
}) {
  const { t } = useTranslation();
  const assigns = role === null || roleMay(role, 'events.manage');
  return (
    <section className="card console-card" aria-labelledby="photographers-title">
      <h2 id="photographers-title">{t('organiser.photographers.title')}</h2>
      <p>{t('organiser.photographers.intro')}</p>
      {assigns ? (
        <PhotographerChoice event={event} canManage={canManage} />
      ) : (
        <Alert tone="info">
          {t('organiser.photographers.assigned', { count: event.photographer_member_ids.length })}{' '}
          {t('organiser.photographers.managers_name_them')}
        </Alert>
      )}
    </section>
  );
}

function PhotographerChoice({ event, canManage }: { event: ConsoleEvent; canManage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const team = useQuery(photographersQuery(event.organisation_id));
  const [chosen, setChosen] = useState(() => new Set(event.photographer_member_ids));
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (ids: number[]) => updateEvent(event.slug, { photographer_member_ids: ids }),
    onSuccess: (saved) => {
      queryClient.setQueryData(eventKeys.event(saved.slug), saved);
      setResult({ tone: 'success', text: t('organiser.event.saved') });
    },
    onError: (error) => setResult({ tone: 'error', text: describeError(t, error) }),
  });
  if (team.isPending) return <PageLoader />;
  if (team.isError) return <Alert tone="error">{translateError(t, team.error)}</Alert>;
  const photographers = team.data.results;
  if (photographers.length === 0) return <Alert tone="info">{t('organiser.photographers.none')}</Alert>;
  return (
    <form
      className="console-list"
      onSubmit={(e) => {
        e.preventDefault();
        setResult(null);
        mutation.mutate(photographers.map((p) => p.id).filter((id) => chosen.has(id)));
      }}
    >
      {photographers.map((p) => (
        <Checkbox
          key={p.id}
          label={[p.first_name, p.last_name].filter(Boolean).join(' ') || p.email}
          description={p.email}
          checked={chosen.has(p.id)}
          disabled={!canManage}
          onChange={(e) => {
            const next = new Set(chosen);
            if (e.target.checked) next.add(p.id);
            else next.delete(p.id);
            setChosen(next);
          }}
        />
      ))}
      <div aria-live="polite">{result && <Alert tone={result.tone}>{result.text}</Alert>}</div>
      {canManage && (
        <div>
          <Button type="submit" loading={mutation.isPending}>
            {t('organiser.photographers.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
