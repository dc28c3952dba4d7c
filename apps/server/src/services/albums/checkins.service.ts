import {
  type CheckinStep,
  type CheckinStepResponse,
  type completeCheckinBodySchema,
  type createCheckinBodySchema,
  ErrorCode,
  makePagination,
} from '@fotodrop/contract';
import type { z } from 'zod';
import { randomSecret, sha256 } from '../../adapters/secrets';
import type { Db } from '../../db/client';
import { AlternativeAnswer, DomainError, NotFoundError, ValidationError } from '../../http/errors';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { cartRepository } from '../../repositories/cart.repository';
import {
  type CheckinRow,
  type CheckinWithContext,
  checkinsRepository,
} from '../../repositories/checkins.repository';
import type { PhotoServiceRow, PicacodeRow } from '../../repositories/photo-services.repository';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import type { AuthContext } from '../accounts/auth.service';
import { toCheckinDto, toCheckinListItem } from './checkin-dto';
import type { CodeGuessLimits } from './code-guess-limits';
import { requireOpenEvent } from './event-open';

const invalidCode = () =>
  new DomainError(400, ErrorCode.invalidPicacode, 'The code entered is not valid', {
    fields: { picacode: ['picacode.invalid'] },
  });

/** The first step this check-in still owes, in the spec's order, or null when it can complete. */
export function nextStep(service: PhotoServiceRow, checkin: CheckinRow): CheckinStep | null {
  const collects = (service.dataCollectorFields?.length ?? 0) > 0 || service.dataCollectorFormUrl !== null;
  if (collects && checkin.formAnswers === null) return 'data_collector';
  if ((service.options?.length ?? 0) > 0 && checkin.option === null) return 'option_selector';
  if (service.checkinMode === 'face-checkin' && checkin.faceInferenceStatus === 'not_started')
    return 'face_recognition';
  return null;
}

export function checkinsService(deps: {
  db: Db;
  now: () => Date;
  thumbnailUrl: (mediaId: number, hidden?: readonly number[]) => string;
  codeGuesses: CodeGuessLimits;
  /** An album now asks for a selfie: the face engine may start loading while the participant takes it. */
  onSelfieStep?: () => void;
}) {
  const { db } = deps;

  /** Completes the check-in, or answers 303 with the next step and a fresh single-use token. */
  async function advance(context: CheckinWithContext) {
    const step = nextStep(context.service, context.checkin);
    const repo = checkinsRepository(db);
    if (step === null) {
      const checkin = await repo.update(context.checkin.id, {
        status: 'complete',
        pendingStep: null,
        completeTokenHash: null,
        completedAt: deps.now(),
      });
      return toCheckinDto({ ...context, checkin });
    }
    if (step === 'face_recognition') deps.onSelfieStep?.();
    const token = randomSecret();
    await repo.update(context.checkin.id, { pendingStep: step, completeTokenHash: sha256(token) });
    const { service } = context;
    const body: CheckinStepResponse = {
      id: context.checkin.id,
      complete_token: token,
      checkin_step: step,
      form_url: step === 'data_collector' ? service.dataCollectorFormUrl : null,
      privacy: service.stepPrivacy,
      options: step === 'option_selector' ? (service.options ?? []) : [],
      fields: step === 'data_collector' ? (service.dataCollectorFields ?? []) : [],
    };
    throw new AlternativeAnswer(303, body);
  }

  /**
   * The user's album of this code: created, or its pending step continued. An album opened
   * already is refused with `checkin_exists_for_user` (the code entry sends the user to it) or,
   * with `existingAlbum: 'answer'`, is the answer.
   */
  async function open(
    auth: AuthContext,
    picacode: PicacodeRow,
    body: Pick<z.output<typeof createCheckinBodySchema>, 'source' | 'tags' | 'option' | 'domain'>,
    existingAlbum: 'refuse' | 'answer',
  ) {
    const services = photoServicesRepository(db);
    const repo = checkinsRepository(db);
    const existing = await repo.findForUserByCode(auth.user.id, picacode.code);
    // an album opened already stays; a new one (or a pending one's next step) waits for publishing
    if (existing?.checkin.status !== 'complete') {
      const event = existing?.service ?? (await services.findById(picacode.photoServiceId));
      if (event) requireOpenEvent(event);
    }
    if (existing?.checkin.status === 'complete') {
      if (existingAlbum === 'answer') return toCheckinDto(existing);
      throw new DomainError(400, ErrorCode.checkinExistsForUser, 'You already have this album.', {
        picacode: picacode.code,
      });
    }
    if (existing) return advance(existing);
    const service = await services.findById(picacode.photoServiceId);
    if (!service) throw invalidCode();
    const option = body.option && service.options?.some((o) => o.id === body.option) ? body.option : null;
    const checkin = await repo.insert({
      userId: auth.user.id,
      picacodeId: picacode.id,
      photoServiceId: service.id,
      status: 'pending',
      source: body.source ?? null,
      tags: body.tags ?? [],
      option,
      domain: body.domain ?? null,
    });
    // A concurrent request created it first: continue with that one.
    const context = checkin
      ? { checkin, picacode, service }
      : await repo.findForUserByCode(auth.user.id, picacode.code);
    if (!context) throw invalidCode();
    return advance(context);
  }

  async function owned(auth: AuthContext, id: number): Promise<CheckinWithContext> {
    const found = await checkinsRepository(db).findForUser(auth.user.id, id);
    // Another user's album answers exactly like a missing one.
    if (!found) throw new NotFoundError('Album not found.');
    return found;
  }

  return {
    /** `ip`: the client address, whose wrong codes are limited together with the account's. */
    async create(auth: AuthContext, body: z.output<typeof createCheckinBodySchema>, ip: string) {
      const picacode = await deps.codeGuesses.lookUp({ ip, userId: auth.user.id }, () =>
        photoServicesRepository(db).findOpenPicacode(body.picacode),
      );
      if (!picacode) throw invalidCode();
      return open(auth, picacode, body, 'refuse');
    },

    /**
     * Opens the album of a code found another way (a runner's code found by bib, issue 20) exactly
     * as entering the code would, except that an album the user has already is the answer.
     */
    async openFound(auth: AuthContext, picacode: PicacodeRow) {
      return open(auth, picacode, {}, 'answer');
    },

    async complete(auth: AuthContext, id: number, body: z.output<typeof completeCheckinBodySchema>) {
      const context = await owned(auth, id);
      const { checkin, service } = context;
      if (checkin.status === 'complete') return toCheckinDto(context);
      if (!checkin.completeTokenHash || checkin.completeTokenHash !== sha256(body.complete_token)) {
        throw new DomainError(
          400,
          ErrorCode.invalidCompleteToken,
          'This step has expired. Please enter the code again.',
        );
      }
      const { platform: _platform, complete_token: _token, option, ...answers } = body;
      const changes: Partial<CheckinRow> = {};
      if (checkin.pendingStep === 'data_collector') {
        const missing = (service.dataCollectorFields ?? []).filter(
          (f) => f.required && !answers[f.name]?.trim(),
        );
        if (missing.length > 0) {
          throw new ValidationError(Object.fromEntries(missing.map((f) => [f.name, ['field.required']])));
        }
        const known = new Set((service.dataCollectorFields ?? []).map((f) => f.name));
        changes.formAnswers = Object.fromEntries(
          Object.entries(answers).filter(([name]) => known.has(name) || known.size === 0) as [
            string,
            string,
          ][],
        );
      } else if (checkin.pendingStep === 'option_selector') {
        if (!option || !service.options?.some((o) => o.id === option)) {
          throw new ValidationError({ option: ['option.invalid'] });
        }
        changes.option = option;
      } else if (checkin.pendingStep === 'face_recognition') {
        throw new DomainError(400, ErrorCode.stepRequired, 'Add a selfie to complete this album.');
      }
      const updated = await checkinsRepository(db).update(checkin.id, changes);
      return advance({ ...context, checkin: updated });
    },

    async list(auth: AuthContext, page: number, pageSize: number) {
      const { total, rows } = await checkinsRepository(db).listComplete(auth.user.id, page, pageSize);
      // The album cards' covers hide other participants' faces in anonymous mode, as the album does.
      const hidden = await anonymizationRepository(db).hiddenFromViewer(
        auth.user.id,
        rows.flatMap((r) => r.coverIds),
      );
      return {
        results: rows.map((row) => toCheckinListItem(row, (id) => deps.thumbnailUrl(id, hidden.get(id)))),
        pagination: makePagination(total, page, pageSize),
      };
    },

    async get(
      auth: AuthContext,
      ref: { id: number } | { code: string },
      options: { expand: boolean; summary: boolean },
    ) {
      const repo = checkinsRepository(db);
      const context =
        'id' in ref
          ? await repo.findForUser(auth.user.id, ref.id)
          : await repo.findForUserByCode(auth.user.id, ref.code);
      if (context?.checkin.status !== 'complete') throw new NotFoundError('Album not found.');
      return toCheckinDto(context, {
        ...(options.summary ? { summary: await repo.summary(context) } : {}),
        ...(options.expand
          ? { expandService: { name: context.service.name, logo_url: context.service.coverUrl } }
          : {}),
      });
    },

    /**
     * A selfie answered the album's face_recognition step (the search is queued): the check-in
     * moves on to its next step or completes.
     */
    async completeFaceStep(id: number) {
      const repo = checkinsRepository(db);
      const checkin = await repo.findById(id);
      if (!checkin || checkin.checkin.status === 'complete') return;
      return advance(checkin);
    },

    /**
     * Removes the album; with it go the user's biometric data for this event: the selfie
     * descriptors, face matches and "Is this you?" answers (cascades of checkins; tested).
     */
    async remove(auth: AuthContext, id: number) {
      const context = await owned(auth, id);
      if (await cartRepository(db).hasAlbum(context.checkin.id)) {
        throw new DomainError(
          400,
          ErrorCode.albumInCart,
          'This album cannot be removed while photos from it are in your cart. Remove them from the cart first.',
        );
      }
      await checkinsRepository(db).delete(context.checkin.id);
      return { detail: 'The album has been removed.' };
    },
  };
}
export type CheckinsService = ReturnType<typeof checkinsService>;
