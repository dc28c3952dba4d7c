import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/adapters/mail/mailer';
import {
  RUNNER_READY_MAIL_QUEUE,
  type RunnerReadyMail,
  type RunnerReadyService,
  runnerReadyService,
} from '../src/services/runners/runner-ready';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';
import { addPhoto, seededMarathon } from './photos';
import { addRunner } from './runners-fixture';
import { startSmtp } from './smtp-server';

const PUBLIC_URL = 'https://photos.example.test';
const OPT_OUT_URL = '/api/v1/runners/opt-out/';

/**
 * Issue 20, "a crash sends nobody twice": the "ready" e-mails through the real job queue and a
 * real SMTP server. Real: database, queue, SMTP client and server, the service. The worker of the
 * mail queue is this file's, so a run can die after its work, as a process killed before pg-boss
 * records the job complete; one e-mail a minute, so a second runner's e-mail waits its turn.
 */
describe.each(BACKENDS)('"ready" e-mails through a real SMTP server on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ready: RunnerReadyService;
  let race: Awaited<ReturnType<typeof seededMarathon>>;
  /** Runs (by runner id) to end with an error after their work: a crash before the job is complete. */
  const crashAfter = new Set<number>();
  let shade = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    const mailer = smtpMailer(smtp.url, 'Fotodrop <no-reply@fotodrop.test>');
    h = await startHarness(backend, { mailer });
    race = await seededMarathon(h);
    ready = runnerReadyService({
      db: h.database.db,
      jobs: h.jobs,
      mediaSecret: 'test-media-secret-0123456789abcdef',
      publicUrl: PUBLIC_URL,
      now: () => new Date(),
      emailsPerMinute: 1,
    });
    await h.jobs.work<RunnerReadyMail>(RUNNER_READY_MAIL_QUEUE, async (job) => {
      await ready.deliver(job, mailer);
      if (crashAfter.delete(job.runnerId)) throw new Error('the process died before completing the job');
    });
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  /** A runner whose bib is on a new photo of the published marathon. */
  async function runnerOnPhoto(bib: string) {
    const { runnerId } = await addRunner(h.database.db, { photoServiceId: race.id, bib, lastName: 'Ruiz' });
    await addPhoto(h, race.place([`bib-${bib}`]), ++shade % 7);
    return { runnerId, email: `${bib}-${race.id}@runners.test` };
  }

  const jobOf = async (runnerId: number) =>
    (
      await h.database.executeSql(
        `select id::text, state, retry_count from pgboss.job where name = $1 and (data->>'runnerId')::int = $2`,
        [RUNNER_READY_MAIL_QUEUE, runnerId],
      )
    ).rows[0] as { id: string; state: string; retry_count: number } | undefined;

  async function waitForState(runnerId: number, state: string) {
    for (let i = 0; i < 300; i++) {
      const job = await jobOf(runnerId);
      if (job?.state === state) return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `the job of runner ${runnerId} never became ${state}: ${JSON.stringify(await jobOf(runnerId))}`,
    );
  }

  const inboxOf = (email: string) => smtp.inbox.filter((m) => m.to.includes(email));

  it('sends one e-mail when the job runs again after the server accepted it', async () => {
    const { runnerId, email } = await runnerOnPhoto('7101');
    crashAfter.add(runnerId);
    expect(await ready.scan(race.id)).toBeGreaterThanOrEqual(1);
    // first run: mailed, then the "crash"; pg-boss runs the job again, which completes
    const job = await waitForState(runnerId, 'completed');
    expect(job.retry_count).toBe(1);
    const mails = inboxOf(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/ready|pronte|listas|prontas|da|prêtes|pripravljene|готов|gotowe/);
    // the same Message-ID on any copy: a receiving server can drop a duplicate
    expect(mails[0]!.messageId).toBe(`<runner-ready-${runnerId}@photos.example.test>`);
    // more scans: the runner was told
    await ready.scan(race.id);
    expect(await jobOf(runnerId)).toMatchObject({ state: 'completed' });
    expect(inboxOf(email)).toHaveLength(1);
  });

  it('sends nothing to a runner who opted out after the claim', async () => {
    const first = await runnerOnPhoto('7201');
    const second = await runnerOnPhoto('7202');
    expect(await ready.scan(race.id)).toBeGreaterThanOrEqual(2);
    // both claimed: the second e-mail waits a minute behind the first
    const claimed = await h.database.executeSql(
      'select count(*)::int as n from runners where id = any($1::int[]) and ready_notified_at is not null',
      [[first.runnerId, second.runnerId]],
    );
    expect(claimed.rows).toEqual([{ n: 2 }]);
    expect(await jobOf(second.runnerId)).toMatchObject({ state: 'created' });
    const token = (await import('../src/services/runners/runner-ready'))
      .runnerOptOutTokens('test-media-secret-0123456789abcdef')
      .token(second.runnerId);
    expect((await call(h.app, 'POST', OPT_OUT_URL, { token })).status).toBe(200);
    // its turn comes now
    await h.database.executeSql('update pgboss.job set start_after = now() where id = $1', [
      (await jobOf(second.runnerId))!.id,
    ]);
    await waitForState(first.runnerId, 'completed');
    await waitForState(second.runnerId, 'completed');
    expect(inboxOf(first.email)).toHaveLength(1);
    expect(inboxOf(second.email)).toEqual([]);
  });
});
