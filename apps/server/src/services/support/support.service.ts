import { randomUUID } from 'node:crypto';
import {
  DEFAULT_EVENT_OWNER_ID,
  type FaqGroup,
  type Language,
  SUPPORT_SCREENSHOT_MAX_BYTES,
  type SupportEventsResponse,
  type SupportRequestBody,
  type SupportSendResponse,
  type SupportStatus,
} from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { ValidationError } from '../../http/errors';
import { supportConfirmationEmail, supportTeamEmail } from '../../mail/support-request-email';
import { MediaRejected } from '../../media/inspect';
import { normaliseScreenshot } from '../../media/support-screenshot';
import { supportRepository } from '../../repositories/support.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { RateLimiter } from '../accounts/rate-limiter';
import { localized } from '../cart-print/catalogue-texts';
import { MAIL_QUEUE } from '../mail/mail.jobs';
import { addDays, HOLIDAY_LOOKAHEAD_DAYS, localDate, supportDay } from './support-hours';

const HOUR = 60 * 60;

/**
 * decision: requests per client address only stop floods (a whole event shares one Wi-Fi
 * address); the tight limits sit on one sender: one account, and one e-mail address as typed
 * from one client address (issue 17 item 13: counted from any address, a stranger could use up
 * the owner's own five). What reaches one mailbox is bounded apart: `confirmationsPerEmail`
 * confirmations an hour; past it the request is still taken, without a confirmation.
 */
export const SUPPORT_LIMITS = {
  perIp: { max: 100, windowSeconds: HOUR },
  perEmailAndIp: { max: 5, windowSeconds: HOUR },
  perUser: { max: 5, windowSeconds: HOUR },
  confirmationsPerEmail: { max: 3, windowSeconds: HOUR },
};

/** decision: support requests of an organisation without its own address go to the platform's. */
const PLATFORM_SUPPORT_FALLBACK = 'support@fotodrop.example';

export interface SupportCaller {
  auth: AuthContext | null;
  ip: string;
  /** The organisation the request names (X-Event-Owner), when it exists. */
  organisationId: number | null;
  language: Language;
}

type SendBody = Omit<SupportRequestBody, 'event_id' | 'screenshot'> & {
  event_id: number | null;
  screenshot?: File | undefined;
  picacode?: string | undefined;
};

/** The help area (entry spec §7 "Config and support"): FAQ groups, the request form's events, sending. */
export function supportService(deps: {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  limiter: RateLimiter;
  now: () => Date;
}) {
  const repo = supportRepository(deps.db);

  /** The organisation that answers, with its address and whether it works today. */
  async function answering(organisationId: number | null) {
    const org =
      (organisationId !== null ? await repo.organisation(organisationId) : undefined) ??
      (await repo.organisation(DEFAULT_EVENT_OWNER_ID));
    if (!org) throw new Error('the own site organisation is missing');
    const platform = org.supportEmail ? null : await repo.organisation(DEFAULT_EVENT_OWNER_ID);
    const email = org.supportEmail ?? platform?.supportEmail ?? PLATFORM_SUPPORT_FALLBACK;
    const today = localDate(deps.now(), org.timeZone);
    const holidays = await repo.holidays(org.id, today, addDays(today, HOLIDAY_LOOKAHEAD_DAYS + 1));
    const day = supportDay(deps.now(), org.timeZone, new Set(holidays.keys()));
    const status: SupportStatus = {
      email,
      open: day.open,
      closed_reason: day.closedReason,
      answer_by: day.answerBy,
      time_zone: org.timeZone,
    };
    return { org, status };
  }

  /** Whether `email` is the signed-in caller's own address, proven by a reset link they used. */
  async function ownProvenAddress(auth: AuthContext | null, email: string): Promise<boolean> {
    if (!auth || auth.user.email.toLowerCase() !== email.toLowerCase()) return false;
    return repo.emailProven(auth.user.id);
  }

  return {
    /**
     * FAQ groups in the caller's language: the event's (when `eventId` names one), its
     * organisation's (or the requesting site's), then the platform's. An unknown event adds nothing.
     */
    async faqs(caller: Pick<SupportCaller, 'organisationId' | 'language'>, eventId: number | null) {
      const event = eventId === null ? undefined : await repo.event(eventId);
      const groups = await repo.faqGroups({
        organisationId: event?.organisationId ?? caller.organisationId,
        eventId: event?.id ?? null,
      });
      const questions = await repo.faqsOf(groups.map((g) => g.id));
      const lang = caller.language;
      const results: FaqGroup[] = groups
        .map((g) => ({
          id: g.id,
          key: g.key,
          title: localized(g.title, g.translations, lang, 'title'),
          faqs: questions
            .filter((q) => q.groupId === g.id)
            .map((q) => ({
              id: q.id,
              question: localized(q.question, q.translations, lang, 'question'),
              answer: localized(q.answer, q.translations, lang, 'answer'),
            })),
        }))
        .filter((g) => g.faqs.length > 0);
      return { results };
    },

    /** Events of the caller's albums (none for a visitor, who types the album code) and the support status. */
    async events(caller: Pick<SupportCaller, 'auth' | 'organisationId'>): Promise<SupportEventsResponse> {
      const events = caller.auth ? await repo.eventsOfUser(caller.auth.user.id) : [];
      const { status } = await answering(caller.organisationId);
      return {
        results: events.map((e) => ({ id: e.id, name: e.name, start_date: e.startDate })),
        support: status,
      };
    },

    /**
     * Stores a request, e-mails it to the organisation's support address (Reply-To the person) and
     * confirms it to the person. It is accepted when support is closed too; the answer says when
     * an answer can be expected.
     */
    async send(caller: SupportCaller, body: SendBody): Promise<SupportSendResponse> {
      await deps.limiter.consume(`support:ip:${caller.ip}`, SUPPORT_LIMITS.perIp);
      await deps.limiter.consume(`support:email:${body.email}:ip:${caller.ip}`, SUPPORT_LIMITS.perEmailAndIp);
      if (caller.auth)
        await deps.limiter.consume(`support:user:${caller.auth.user.id}`, SUPPORT_LIMITS.perUser);

      // An event is one of the caller's albums' events: the form offers no other.
      let event: { id: number; name: string; organisationId: number } | null = null;
      if (body.event_id !== null) {
        const own = caller.auth ? await repo.eventsOfUser(caller.auth.user.id) : [];
        const found = own.find((e) => e.id === body.event_id);
        const row = found ? await repo.event(found.id) : undefined;
        if (!found || !row) throw new ValidationError({ event_id: ['support.event_unknown'] });
        event = { id: found.id, name: found.name, organisationId: row.organisationId };
      }
      // Without one, the album code given names the event for the support team (issue 17: the
      // e-mail said "Event: —"). Only an event of the answering organisation, and nothing of it
      // reaches the sender (the answer and the confirmation are the same for any code): no oracle.
      const byCode =
        event === null && body.picacode ? await repo.eventOfCode(body.picacode.toUpperCase()) : undefined;
      const site = await answering(caller.organisationId);
      if (byCode && byCode.organisationId === site.org.id) event = byCode;
      const screenshot = body.screenshot ? await screenshotOf(body.screenshot) : null;

      const { org, status } = event ? await answering(event.organisationId) : site;
      let screenshotKey: string | null = null;
      if (screenshot) {
        screenshotKey = `support/${randomUUID()}/screenshot.jpg`;
        await deps.storage.put(screenshotKey, screenshot, 'image/jpeg');
      }
      const stored = await repo.insertRequest({
        organisationId: org.id,
        userId: caller.auth?.user.id ?? null,
        photoServiceId: event?.id ?? null,
        name: body.name,
        email: body.email,
        picacode: body.picacode || null,
        category: body.category,
        subject: body.subject,
        message: body.message,
        language: caller.language,
        screenshotKey,
        answerBy: status.answer_by,
      });
      const mail = {
        id: stored.id,
        name: body.name,
        email: body.email,
        category: body.category,
        subject: body.subject,
        message: body.message,
        picacode: stored.picacode,
        eventName: event?.name ?? null,
        language: caller.language,
        signedIn: caller.auth !== null,
        organisationName: org.name,
        answerBy: status.answer_by,
        open: status.open,
        screenshot: screenshot
          ? {
              filename: `request-${stored.id}-screenshot.jpg`,
              contentType: 'image/jpeg',
              contentBase64: screenshot.toString('base64'),
            }
          : null,
      };
      await deps.jobs.send(MAIL_QUEUE, supportTeamEmail(status.email, mail));
      const confirmed = await deps.limiter.allow(
        `support:confirmation:${body.email}`,
        SUPPORT_LIMITS.confirmationsPerEmail,
      );
      if (confirmed) {
        // Answers to the confirmation reach support, not the no-reply sender. Only the account's
        // own proven address gets a copy of what was written: anyone can type anyone's address.
        const copy = await ownProvenAddress(caller.auth, body.email);
        await deps.jobs.send(MAIL_QUEUE, {
          ...supportConfirmationEmail(mail, { copy }),
          replyTo: status.email,
        });
      }
      return {
        detail: confirmed
          ? 'Your request has been sent. We have e-mailed you a confirmation.'
          : 'Your request has been sent.',
        id: stored.id,
        open: status.open,
        answer_by: status.answer_by,
      };
    },
  };
}
export type SupportService = ReturnType<typeof supportService>;

/** The screenshot's bytes, checked as an image by content and re-encoded; 400 when it is not one. */
async function screenshotOf(file: File): Promise<Buffer> {
  try {
    return await normaliseScreenshot(Buffer.from(await file.arrayBuffer()), SUPPORT_SCREENSHOT_MAX_BYTES);
  } catch (error) {
    if (error instanceof MediaRejected) {
      throw new ValidationError({ screenshot: ['support.screenshot_not_image'] });
    }
    throw error;
  }
}
