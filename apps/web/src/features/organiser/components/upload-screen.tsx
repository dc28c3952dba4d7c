import type { OrganiserEvent, OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { useCallback, useState } from 'react';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { defaultEvent } from '../lib/default-event';
import type { HeldCheck, Uploader } from '../lib/upload-queue';
import { DropZone } from './drop-zone';
import { EventUploads } from './event-uploads';
import { UploadQueueList } from './upload-queue-list';
import { type TargetChoice, UploadTargetFields } from './upload-target-fields';

/**
 * The screen once the events are known, opened on `initialSlug` when it is one of them (an event's
 * own Upload link: files must not go to another event); `uploader` and `check` let tests work
 * without tus and hashing. It is drawn again on every change of the queue (several times a second
 * while sending): the parts that do not show the queue are memoised and take stable props.
 */
export function UploadScreen({
  events,
  initialSlug,
  uploader,
  check,
}: {
  events: OrganiserEvent[];
  initialSlug?: string | null;
  uploader?: Uploader;
  check?: HeldCheck | null;
}) {
  const { queue, view } = useUploadQueue({ uploader, check });
  const { items } = view;
  const [choice, setChoice] = useState<TargetChoice>({
    slug: events.find((e) => e.slug === initialSlug)?.slug ?? defaultEvent(events)?.slug ?? '',
    galleryId: null,
    tags: '',
  });
  const event = events.find((e) => e.slug === choice.slug) ?? events[0]!;
  const awaitingPreviews = items.some((i) => i.state.kind === 'processing');

  const addFiles = useCallback(
    (files: File[]) => queue.add(files, { slug: event.slug, galleryId: choice.galleryId, tags: choice.tags }),
    [queue, event.slug, choice.galleryId, choice.tags],
  );
  const onLoaded = useCallback(
    (media: OrganiserMedia[]) => {
      queue.settle(
        media.flatMap((m) =>
          m.status === 'processing' ? [] : [{ id: m.id, status: m.status, reason: m.error_reason }],
        ),
      );
    },
    [queue],
  );

  return (
    <>
      <div className="card upload-card">
        <UploadTargetFields events={events} value={choice} onChange={setChoice} />
        <DropZone disabled={!event} onFiles={addFiles} />
      </div>
      <UploadQueueList view={view} queue={queue} />
      <EventUploads key={event.slug} event={event} pollWhile={awaitingPreviews} onLoaded={onLoaded} />
    </>
  );
}
