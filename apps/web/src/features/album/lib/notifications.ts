/**
 * Scheduled notifications (albums spec §3, §4): per gallery, data that becomes "ready" refreshTime
 * seconds after it was scheduled. 0 (or less) schedules nothing; scheduling a gallery again merges
 * the data and keeps its readiness time. When ready it is emitted to every listener in parallel
 * (their errors ignored) and removed, even when a listener fails.
 */

export type NotificationData = Record<string, unknown>;

export interface ScheduledNotification {
  galleryId: number;
  notificationData: NotificationData;
  /** Epoch milliseconds when it becomes ready. */
  readyAt: number;
  refreshTime: number;
}

export type ReadyListener = (notification: ScheduledNotification) => unknown;

interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createNotificationScheduler(clock: Clock = realClock) {
  const scheduled = new Map<number, { notification: ScheduledNotification; timer: unknown }>();
  const listeners = new Set<ReadyListener>();

  async function emit(galleryId: number): Promise<void> {
    const item = scheduled.get(galleryId);
    if (!item) return;
    scheduled.delete(galleryId);
    await Promise.allSettled(
      [...listeners].map(async (listener) => {
        await listener(item.notification);
      }),
    );
  }

  return {
    schedule(galleryId: number, notificationData: NotificationData, refreshTime: number): void {
      if (!(refreshTime > 0)) return;
      const existing = scheduled.get(galleryId);
      if (existing) {
        existing.notification = {
          ...existing.notification,
          notificationData: { ...existing.notification.notificationData, ...notificationData },
        };
        return;
      }
      const notification = {
        galleryId,
        notificationData,
        readyAt: clock.now() + refreshTime * 1000,
        refreshTime,
      };
      const timer = clock.setTimeout(() => void emit(galleryId), refreshTime * 1000);
      scheduled.set(galleryId, { notification, timer });
    },
    onReady(listener: ReadyListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get(galleryId: number): ScheduledNotification | undefined {
      return scheduled.get(galleryId)?.notification;
    },
    clear(): void {
      for (const { timer } of scheduled.values()) clock.clearTimeout(timer);
      scheduled.clear();
    },
  };
}

export type NotificationScheduler = ReturnType<typeof createNotificationScheduler>;
