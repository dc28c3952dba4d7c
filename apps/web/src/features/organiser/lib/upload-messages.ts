import { MEDIA_REJECT_REASONS } from '@fotodrop/contract/api/organiser';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../../shared/i18n/messages';
import type { UploadState } from './upload-queue';

const KNOWN_REASONS: ReadonlySet<string> = new Set(MEDIA_REJECT_REASONS);

/**
 * Why a file was refused or could not be processed, in the user's language. A reason this app
 * does not know yet (the server learns new ones first) shows the server's own words.
 */
export function reasonText(t: TFunction, reason: string | null, serverMessage = ''): string {
  if (reason && KNOWN_REASONS.has(reason)) return t(`organiser.reasons.${reason}`);
  return serverMessage || t('organiser.reasons.unknown');
}

/** The line under a queued file's name. */
export function queueStateText(t: TFunction, state: UploadState): string {
  switch (state.kind) {
    case 'checking':
      return t('organiser.queue.checking_file');
    case 'held':
      return t('organiser.queue.held');
    case 'queued':
      return t('organiser.queue.queued');
    case 'uploading': {
      const percent = state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
      return t('organiser.queue.uploading', { percent });
    }
    case 'processing':
      return t('organiser.queue.processing');
    case 'ready':
      return t('organiser.queue.ready');
    case 'duplicate':
      return t('organiser.queue.duplicate');
    case 'rejected': {
      const why =
        state.code === 'validation_error' && state.fieldMessage
          ? translateMessage(t, state.fieldMessage)
          : reasonText(t, state.reason, state.message);
      return t('organiser.queue.rejected', { reason: why });
    }
    case 'failed':
      return state.status === 0 ? t('organiser.queue.failed_network') : t('organiser.queue.failed');
    case 'cancelled':
      return t('organiser.queue.cancelled');
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
/** One formatter per language and unit: making one costs far more than using it, and a redraw formats dozens. */
const formatters = new Map<string, Intl.NumberFormat>();

/** 1.4 MB, 820 kB: file sizes as a person reads them, in the user's number format. */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const key = `${language} ${unit}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: UNITS[unit],
      // "28 bytes", but "145 kB": the short form of a byte count reads "28 byte" in English
      unitDisplay: unit === 0 ? 'long' : 'short',
      maximumFractionDigits: unit >= 2 ? 1 : 0,
    });
    formatters.set(key, format);
  }
  return format.format(value);
}
