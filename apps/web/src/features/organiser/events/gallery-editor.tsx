import { type ConsoleGallery, createGalleryBodySchema } from '@fotodrop/contract/api/organiser-events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { translateError, translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { createGallery, deleteGallery, eventKeys, galleriesQuery, updateGallery } from '../api/events-api';
import { describeError } from './event-bits';
import { GalleryDeleteDialog } from './gallery-delete-dialog';
import { type GalleryChange, GalleryRow } from './gallery-row';
import { galleryTree } from './gallery-tree';

type Result = { tone: 'success' | 'error'; text: string } | null;

/** The event's galleries as a tree: add, rename, move, reorder, layout, delete (moving photos). */
export function GalleryEditor({ slug, canManage }: { slug: string; canManage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const galleries = useQuery(galleriesQuery(slug));
  const [result, setResult] = useState<Result>(null);
  const [deleting, setDeleting] = useState<ConsoleGallery | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.galleries(slug) }),
      queryClient.invalidateQueries({ queryKey: ['organiser', 'events'] }),
    ]);
  const onError = (error: unknown) => setResult({ tone: 'error', text: describeError(t, error) });

  const change = useMutation({
    mutationFn: ({ id, body }: { id: number; body: GalleryChange; done: string }) =>
      updateGallery(slug, id, body),
    onSuccess: (_saved, { done }) => {
      setResult({ tone: 'success', text: done });
      return refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: ({ gallery, moveTo }: { gallery: ConsoleGallery; moveTo?: number | 'event' }) =>
      deleteGallery(slug, gallery.id, moveTo),
    onSuccess: (_answer, { gallery }) => {
      setDeleting(null);
      setResult({ tone: 'success', text: t('organiser.galleries.deleted', { name: gallery.name }) });
      return refresh();
    },
    onError: (error) => {
      setDeleting(null);
      onError(error);
    },
  });

  if (galleries.isPending) return <PageLoader />;
  if (galleries.isError) return <Alert tone="error">{translateError(t, galleries.error)}</Alert>;
  const all = galleries.data.results;
  const rows = galleryTree(all);

  const askDelete = (gallery: ConsoleGallery) => {
    const hasChildren = all.some((g) => g.parent_id === gallery.id);
    if (gallery.media_count > 0 || hasChildren) setDeleting(gallery);
    else if (window.confirm(t('organiser.galleries.confirm_delete', { name: gallery.name })))
      remove.mutate({ gallery });
  };

  return (
    <div className="gallery-editor">
      {canManage && <AddGallery slug={slug} galleries={all} onDone={setResult} refresh={refresh} />}
      <section className="card console-card" aria-labelledby="galleries-title">
        <h2 id="galleries-title">{t('organiser.galleries.title', { count: all.length })}</h2>
        <div aria-live="polite">{result && <Alert tone={result.tone}>{result.text}</Alert>}</div>
        {rows.length === 0 ? (
          <p>{t('organiser.galleries.empty')}</p>
        ) : (
          <ul className="gallery-tree">
            {rows.map((row) => (
              <GalleryRow
                key={row.gallery.id}
                row={row}
                galleries={all}
                canManage={canManage}
                busy={change.isPending || remove.isPending}
                onChange={(body, done) => change.mutate({ id: row.gallery.id, body, done })}
                onDelete={() => askDelete(row.gallery)}
              />
            ))}
          </ul>
        )}
      </section>
      {deleting && (
        <GalleryDeleteDialog
          gallery={deleting}
          galleries={all}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={(moveTo) => remove.mutate({ gallery: deleting, moveTo })}
        />
      )}
    </div>
  );
}

function AddGallery({
  slug,
  galleries,
  onDone,
  refresh,
}: {
  slug: string;
  galleries: ConsoleGallery[];
  onDone: (result: Result) => void;
  refresh: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const parentId = useId();
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (body: { name: string; parent_id: number | null }) => createGallery(slug, body),
    onSuccess: (gallery) => {
      setName('');
      onDone({ tone: 'success', text: t('organiser.galleries.added', { name: gallery.name }) });
      return refresh();
    },
    onError: (e) => onDone({ tone: 'error', text: describeError(t, e) }),
  });
  return (
    <form
      className="card console-card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = { name, parent_id: parent ? Number(parent) : null };
        const parsed = createGalleryBodySchema.safeParse(body);
        setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (parsed.success) mutation.mutate(body);
      }}
    >
      <h2>{t('organiser.galleries.add_title')}</h2>
      <div className="console-inline-form">
        <TextField
          label={t('organiser.galleries.name')}
          value={name}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="field">
          <label className="field-label" htmlFor={parentId}>
            {t('organiser.galleries.parent')}
          </label>
          <select
            id={parentId}
            className="input select"
            value={parent}
            onChange={(e) => setParent(e.target.value)}
          >
            <option value="">{t('organiser.galleries.top_level')}</option>
            {galleryTree(galleries).map(({ gallery, path }) => (
              <option key={gallery.id} value={gallery.id}>
                {path}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" loading={mutation.isPending}>
          {t('organiser.galleries.add')}
        </Button>
      </div>
      {error && <span className="visually-hidden">{translateMessage(t, error)}</span>}
    </form>
  );
}
