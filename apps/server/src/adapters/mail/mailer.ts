import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes in base64: messages travel through the job queue as JSON. */
  contentBase64: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when it is not the sender (a support request: the person who asked). */
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The name shown as the sender (an organiser's), the address staying the configured one. */
  senderName?: string;
  /**
   * The Message-ID header, `<local@host>`; nodemailer makes a random one when absent. A message
   * that may be sent again (a job retried after the server accepted it) carries one derived from
   * our ids, so a receiving server that keeps Message-IDs can drop the second copy.
   */
  messageId?: string;
}

/** The bare address of a configured sender (`Fotodrop <no-reply@…>` or `no-reply@…`). */
function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** Nodemailer's message: attachments from base64. */
function nodemailerMessage(from: string, { attachments, senderName, ...message }: MailMessage) {
  return {
    from: senderName ? { name: senderName, address: addressOf(from) } : from,
    ...message,
    ...(attachments
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.contentBase64,
            encoding: 'base64',
          })),
        }
      : {}),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where a developer reads the mail: the outbox folder, or null when mail leaves over SMTP. */
  readonly outboxDir: string | null;
}

/** Sends over SMTP (`smtp://user:pass@host:port`, `smtps://…` for implicit TLS). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    outboxDir: null,
    async send(message) {
      await transport.sendMail(nodemailerMessage(from, message));
    },
  };
}

/**
 * Writes each message as an RFC 822 `.eml` file into `dir`, built by the same nodemailer code as
 * SMTP, so what a developer opens is byte for byte what would have been sent.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: dir,
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      await writeFile(join(dir, name), info.message as Buffer);
    },
  };
}
