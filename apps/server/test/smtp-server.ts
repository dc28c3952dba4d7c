import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface Received {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives: `inbox` holds every mail,
 * `next()` hands over the oldest one it has not handed over yet, waiting for it if none is left —
 * a mail sent before the test asks for it is not missed.
 */
export async function startSmtp() {
  const inbox: Received[] = [];
  const waiters: ((m: Received) => void)[] = [];
  let handedOver = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            const message = {
              messageId: mail.messageId ?? '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            };
            inbox.push(message);
            const waiter = waiters.shift();
            if (waiter) {
              handedOver++;
              waiter(message);
            }
            done();
          })
          .catch(done);
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    next: (): Promise<Received> => {
      const unread = inbox[handedOver];
      if (!unread) return new Promise((resolve) => waiters.push(resolve));
      handedOver++;
      return Promise.resolve(unread);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
