import { ErrorCode } from '@fotodrop/contract';
import { DomainError } from '../../http/errors';
import type { PhotoServiceRow } from '../../repositories/photo-services.repository';

/**
 * decision (issue 18): a draft event's codes open no album and show no preview yet; the
 * participant is told why instead of "invalid code", since the code is right and will work once
 * the organiser publishes the event. Published and archived events open albums (archiving only
 * takes an event out of the calendar and the live page; its albums and codes keep working).
 */
export function requireOpenEvent(service: Pick<PhotoServiceRow, 'status'>): void {
  if (service.status === 'draft') {
    throw new DomainError(
      400,
      ErrorCode.eventNotOpen,
      'The photos of this event are not open yet. Please try again once the organiser publishes them.',
    );
  }
}
