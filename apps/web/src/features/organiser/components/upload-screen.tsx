import type { OrganiserEvent, OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { useCallback, useState } from 'react';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { defaultEvent } from '../lib/default-event';
import type { Uploader } from '../lib/upload-queue';
import { DropZone } from './drop-zone';
import { EventUploads } from './event-uploads';
import { UploadQueueList } from './upload-queue-list';
import { type TargetChoice, UploadTargetFields } from './upload-target-fields';

/** The screen once the events are known; `uploader` lets tests send files without a network. */
export function UploadScreen({ events, uploader }: { events: OrganiserEvent[]; uploader?: Uploader }) {
  const { queue, items } = useUploadQueue(uploader);
  const [choice, setChoice] = useState<TargetChoice>({
    slug: defaultEvent(events)?.slug ?? '',
    galleryId: null,
    tags: '',
  });
  const event = events.find((e) => e.slug === choice.slug) ?? events[0]!;
  const awaitingPreviews = items.some((i) => i.state.kind === 'processing');

  const addFiles = (files: File[]) => {
    queue.add(files, { slug: event.slug, galleryId: choice.galleryId, tags: choice.tags });
  };
  const onLoaded = useCallback(
    (media: OrganiserMedia[]) => {
      for (const m of media) if (m.status !== 'processing') queue.settle(m.id, m.status, m.error_reason);
    },
    [queue],
  );

  return (
    <>
      <div className="card upload-card">
        <UploadTargetFields events={events} value={choice} onChange={setChoice} />
        <DropZone disabled={!event} onFiles={addFiles} />
      </div>
      <UploadQueueList items={items} queue={queue} />
      <EventUploads key={event.slug} event={event} pollWhile={awaitingPreviews} onLoaded={onLoaded} />
    </>
  );
}
