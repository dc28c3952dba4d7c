import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLanguage } from '@fotodrop/contract/languages';
import { enqueueInTransaction, type JobQueue, lockQueue } from '../../adapters/jobs/job-queue';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { ValidationError } from '../../http/errors';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import { runnersRepository } from '../../repositories/runners.repository';
import { teamRepository } from '../../repositories/team.repository';
import { linkBaseResolver } from '../accounts/link-base';
import { languageOfCountry } from '../organisations/country-language';
import { organiserMailBrand, runnerReadyEmail } from './runner-ready-email';

/** One durable scan per kick: finds an event's runners to tell and queues their e-mails. */
export const RUNNER_READY_SCAN_QUEUE = 'runner-ready-scan';
/** The "ready" e-mails: their own queue, so receipts and password resets never wait behind a race. */
export const RUNNER_READY_MAIL_QUEUE = 'runner-ready-mail';
/** The web page where a runner confirms the opt-out (a button: mail scanners open links, they do not press). */
export const RUNNER_OPT_OUT_PATH = '/runners/opt-out';
/** decision (issue 20): 600 a minute by default (READY_EMAILS_PER_MINUTE): 10,000 runners in about 17 minutes. */
export const DEFAULT_READY_EMAILS_PER_MINUTE = 600;

/** Runners claimed per transaction: short transactions, and a crash loses no claim without its e-mail. */
const CLAIM_BATCH = 200;

/**
 * Queues a scan of the event's runners: after an import, a publication, bibs read by recognition
 * or corrected by hand. Scans are idempotent; one more than needed costs one query.
 */
export async function queueRunnerReadyScan(jobs: JobQueue, eventId: number): Promise<void> {
  await jobs.send(RUNNER_READY_SCAN_QUEUE, { eventId }, { retryLimit: 5 });
}

/** A job of the "ready" mail queue: the runner it tells and their message. */
export interface RunnerReadyMail {
  runnerId: number;
  message: MailMessage;
}

/** The Message-ID of a runner's "ready" e-mail: the same on every attempt, so a duplicate can be dropped. */
export const runnerReadyMessageId = (runnerId: number, publicHost: string) =>
  `<runner-ready-${runnerId}@${publicHost}>`;

const optOutRefused = () => new ValidationError({ token: ['token.invalid'] });

/**
 * The opt-out link's token: the runner's id and an HMAC of it under a key derived from the
 * installation's media secret (one secret to keep, a key of its own for this use). 18 bytes of
 * MAC: beyond guessing, so the page needs no rate limit; another runner's id does not verify.
 */
export function runnerOptOutTokens(secret: string) {
  const key = createHmac('sha256', secret).update('fotodrop runner opt-out v1').digest();
  const mac = (id: number) =>
    createHmac('sha256', key).update(String(id)).digest().subarray(0, 18).toString('base64url');
  return {
    token: (id: number) => `${id}.${mac(id)}`,
    /** The runner's id, or null for a token this installation did not sign. */
    verify(token: string): number | null {
      const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{24})$/.exec(token);
      if (!match) return null;
      const id = Number(match[1]);
      const expected = Buffer.from(mac(id));
      const given = Buffer.from(match[2]!);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}

/**
 * "Your photos are ready" (issue 20): once a runner's bib tag is on a photo their code's album
 * shows (published event, ready, not hidden), they get one e-mail. The claim
 * (`ready_notified_at`) and the e-mail's job are written in one transaction, so a crash either
 * undoes both or keeps both; two scans at once claim disjoint runners. E-mails leave at
 * `emailsPerMinute` across every process: each job starts a fixed spacing after the last one waiting.
 * Sending (`deliver`) is exactly once as far as SMTP allows: a runner opted out since the claim or
 * already mailed (`ready_mailed_at`, set right after the server's accept) gets nothing, so a job run
 * again after a crash sends nobody twice; only a crash between the accept and that mark can repeat
 * the e-mail, with the same Message-ID.
 */
export function runnerReadyService(deps: {
  db: Db;
  jobs: JobQueue;
  mediaSecret: string;
  /** PUBLIC_URL: links in e-mails never come from a request's Host header. */
  publicUrl: string;
  now: () => Date;
  emailsPerMinute: number;
}) {
  const tokens = runnerOptOutTokens(deps.mediaSecret);
  const links = linkBaseResolver(deps.db, deps.publicUrl);
  const readyMail = (runnerId: number, message: MailMessage): RunnerReadyMail => ({
    runnerId,
    message: { ...message, messageId: runnerReadyMessageId(runnerId, publicHost) },
  });
  const spacingSeconds = 60 / deps.emailsPerMinute;
  const publicHost = new URL(deps.publicUrl).hostname;

  return {
    /** Queues a scan of the event (after an import, a publication, bibs read or corrected). */
    queueScan: (eventId: number) => queueRunnerReadyScan(deps.jobs, eventId),

    /** Tells every runner of the event whose photos are now visible; the number of e-mails queued. */
    async scan(eventId: number): Promise<number> {
      const event = await photoServicesRepository(deps.db).findById(eventId);
      if (event?.status !== 'published') return 0;
      const organisation = await teamRepository(deps.db).organisationById(event.organisationId);
      const base = await links.forRequest({ host: undefined, eventOwnerId: event.organisationId });
      const eventLanguage = languageOfCountry(organisation?.country);
      const brand = organiserMailBrand(organisation, event.name, base);
      let queued = 0;
      for (;;) {
        const claimed = await deps.db.transaction(async (tx) => {
          await lockQueue(tx, RUNNER_READY_MAIL_QUEUE);
          const runners = await runnersRepository(tx).claimReady(eventId, CLAIM_BATCH);
          const jobs = runners.map((r) => ({
            singletonKey: `runner-ready-${r.id}`,
            data: readyMail(
              r.id,
              runnerReadyEmail({
                to: r.email,
                firstName: r.firstName,
                language: r.language && isLanguage(r.language) ? r.language : eventLanguage,
                eventName: event.name,
                organiserName: organisation?.name ?? event.name,
                code: r.code,
                previewUrl: `${base}/preview?picacode=${encodeURIComponent(r.code)}`,
                optOutUrl: `${base}${RUNNER_OPT_OUT_PATH}?token=${encodeURIComponent(tokens.token(r.id))}`,
                brand,
              }),
            ),
          }));
          await enqueueInTransaction(tx, RUNNER_READY_MAIL_QUEUE, jobs, { spacingSeconds });
          return runners.length;
        });
        queued += claimed;
        if (claimed < CLAIM_BATCH) return queued;
      }
    },

    /** Sends one queued "ready" e-mail, unless the runner has it already or opted out since the claim. */
    async deliver(job: RunnerReadyMail, mailer: Mailer): Promise<void> {
      const repo = runnersRepository(deps.db);
      if (!(await repo.stillToMail(job.runnerId))) return;
      await mailer.send(job.message);
      await repo.markMailed(job.runnerId);
    },

    /** The periodic safety scan: every event with runners still to tell (cheap when none). */
    async scanAll(): Promise<void> {
      for (const eventId of await runnersRepository(deps.db).eventsToScan()) await this.scan(eventId);
    },

    /** A runner's opt-out from their e-mail's link; the event's name. */
    async optOut(token: string): Promise<{ event_name: string }> {
      const id = tokens.verify(token);
      if (id === null) throw optOutRefused();
      const eventName = await runnersRepository(deps.db).optOut(id, deps.now());
      if (eventName === undefined) throw optOutRefused();
      return { event_name: eventName };
    },
  };
}
export type RunnerReadyService = ReturnType<typeof runnerReadyService>;
