import type { Media } from '@fotodrop/contract/api/media';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, resetApp } from '../../../test/setup';
import { makeMedia, makeVideo } from '../test/fake-album';
import { Lightbox } from './lightbox';

const PLAYABLE = 'https://cdn.example/2/video.mp4?sig=abc';
const LOCKED = 'This video plays after you buy photos and videos, or videos.';

beforeAll(initTestI18n);
beforeEach(() => {
  resetApp();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The viewer over `items`, moving and closing as the album's lists make it. */
function Viewer({ items, start = 0 }: { items: Media[]; start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  if (index === null) return <p>closed</p>;
  return (
    <Lightbox
      items={items}
      index={index}
      total={items.length}
      onIndexChange={setIndex}
      onClose={() => setIndex(null)}
      title="Alpine Marathon 2026"
      canShare
    />
  );
}

const viewer = () => screen.getByRole('dialog', { name: 'Viewer' });
const videoOf = (dialog: HTMLElement) => dialog.querySelector('video');

describe('a video in the viewer', () => {
  it('plays in the browser player when the user may play it', () => {
    render(<Viewer items={[makeMedia(1), makeVideo(2, { video_url: PLAYABLE })]} start={1} />);
    const video = videoOf(viewer())!;
    expect(video).not.toBeNull();
    expect(video.getAttribute('src')).toBe(PLAYABLE);
    expect(video.getAttribute('poster')).toBe('https://cdn.example/2/preview');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('aria-label')).toBe('Video 2 of 2, 1 minute, 15 seconds');
    expect(within(viewer()).queryByText(LOCKED)).toBeNull();
  });

  it('shows the watermarked poster, what unlocks it and its length when it is not bought', () => {
    render(<Viewer items={[makeVideo(1)]} />);
    const dialog = viewer();
    expect(videoOf(dialog)).toBeNull();
    const poster = within(dialog).getByRole('img', { name: 'Video 1 of 1, 1 minute, 15 seconds' });
    expect(poster.getAttribute('src')).toBe('https://cdn.example/1/preview');
    expect(within(dialog).getByText(LOCKED)).toBeTruthy();
    expect(within(dialog).getByText('1:15')).toBeTruthy();
    expect(within(dialog).getByText('Length: 1 minute, 15 seconds')).toBeTruthy();
  });

  it('pauses when the viewer moves to another item, and when it closes', () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    render(
      <Viewer
        items={[
          makeVideo(1, { video_url: 'https://cdn.example/1/video.mp4' }),
          makeVideo(2, { video_url: PLAYABLE }),
          makeMedia(3),
        ]}
      />,
    );
    expect(videoOf(viewer())!.getAttribute('src')).toBe('https://cdn.example/1/video.mp4');
    expect(pause).not.toHaveBeenCalled();

    fireEvent.keyDown(viewer(), { key: 'ArrowRight' });
    expect(pause).toHaveBeenCalledTimes(1);
    expect(pause.mock.contexts[0]).toHaveProperty('src', 'https://cdn.example/1/video.mp4');
    expect(videoOf(viewer())!.getAttribute('src')).toBe(PLAYABLE);

    fireEvent.click(within(viewer()).getByRole('button', { name: 'Next' }));
    expect(pause).toHaveBeenCalledTimes(2);
    expect(videoOf(viewer())).toBeNull();

    fireEvent.click(within(viewer()).getByRole('button', { name: 'Previous' }));
    fireEvent.keyDown(viewer(), { key: 'Escape' });
    expect(screen.getByText('closed')).toBeTruthy();
    expect(pause).toHaveBeenCalledTimes(3);
  });

  it('keeps ← and → for moving between items while the video has the focus', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    render(<Viewer items={[makeMedia(1), makeVideo(2, { video_url: PLAYABLE }), makeMedia(3)]} start={1} />);
    const video = videoOf(viewer())!;
    // a key pressed while the player has the focus starts at the <video> (jsdom cannot focus one)
    const notCancelled = fireEvent.keyDown(video, { key: 'ArrowRight' });
    // cancelled, so the player does not seek: the key is the viewer's
    expect(notCancelled).toBe(false);
    expect(within(viewer()).getByRole('img').getAttribute('alt')).toBe('Photo 3 of 3');
  });

  it('takes the focus back when a focused video leaves, so the keys still reach the viewer', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    render(<Viewer items={[makeVideo(1, { video_url: PLAYABLE }), makeMedia(2)]} />);
    const video = videoOf(viewer())!;
    // browsers focus a player with controls; jsdom only an element with a tabindex
    video.tabIndex = 0;
    video.focus();
    fireEvent.keyDown(video, { key: 'ArrowRight' });
    expect(within(viewer()).getByRole('img').getAttribute('alt')).toBe('Photo 2 of 2');
    expect(document.activeElement).toBe(viewer());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('leaves a touch on the player controls to the player, and swipes on the picture move on', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    render(<Viewer items={[makeVideo(1, { video_url: PLAYABLE }), makeMedia(2)]} />);
    const video = videoOf(viewer())!;
    video.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 390, height: 220 });

    // dragging along the seek bar (the bottom of the player) is not a swipe
    fireEvent.pointerDown(video, { clientX: 300, clientY: 300, pointerType: 'touch' });
    fireEvent.pointerUp(video, { clientX: 120, clientY: 302, pointerType: 'touch' });
    expect(videoOf(viewer())).not.toBeNull();

    fireEvent.pointerDown(video, { clientX: 300, clientY: 180, pointerType: 'touch' });
    fireEvent.pointerUp(video, { clientX: 120, clientY: 184, pointerType: 'touch' });
    expect(videoOf(viewer())).toBeNull();
    expect(within(viewer()).getByRole('img').getAttribute('alt')).toBe('Photo 2 of 2');
  });
});
