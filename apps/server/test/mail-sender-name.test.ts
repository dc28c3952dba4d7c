import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer } from '../src/adapters/mail/mailer';

describe('an e-mail sent in an organiser’s name', () => {
  let outbox: string;
  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'fotodrop-sender-'));
  });
  afterAll(() => rm(outbox, { recursive: true, force: true }));

  async function fromHeaderOf(configured: string, senderName?: string): Promise<string> {
    const dir = await mkdtemp(join(outbox, 'm-'));
    const mailer = outboxMailer(dir, configured);
    await mailer.send({ to: 'kai@example.com', subject: 'Ready', text: 'Hi', html: '<p>Hi</p>', senderName });
    const [file] = await readdir(dir);
    const eml = await readFile(join(dir, file!), 'utf8');
    return /^From: (.*)$/m.exec(eml)?.[1] ?? '';
  }

  it('shows the organiser as the sender, from the configured address', async () => {
    expect(await fromHeaderOf('Fotodrop <no-reply@fotodrop.test>', 'Lakeside Runners')).toBe(
      'Lakeside Runners <no-reply@fotodrop.test>',
    );
    expect(await fromHeaderOf('no-reply@fotodrop.test', 'Lakeside Runners')).toBe(
      'Lakeside Runners <no-reply@fotodrop.test>',
    );
  });

  it('keeps the configured sender when no organiser is named, and a name cannot add an address', async () => {
    expect(await fromHeaderOf('Fotodrop <no-reply@fotodrop.test>')).toBe('Fotodrop <no-reply@fotodrop.test>');
    const forged = await fromHeaderOf('no-reply@fotodrop.test', 'Evil <boss@bank.example>, x@y.example');
    expect(forged).toMatch(/<no-reply@fotodrop\.test>$/);
    expect(forged.match(/@/g)).toHaveLength(3); // two inside the quoted name, one the real address
  });
});
