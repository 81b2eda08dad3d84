import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** The latest mail to an address, waiting for it up to 5 s. */
  waitFor(to: string, since?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Awaited after a mail's data arrived and before the server answers it (a slow SMTP server). */
  beforeAnswer?: () => Promise<void>;
}

export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        Promise.resolve(options.beforeAnswer?.())
          .then(() => PostalMime.parse(Buffer.concat(chunks)))
          .then((mail) => {
            const to = session.envelope.rcptTo[0]?.address ?? mail.to?.[0]?.address ?? '';
            messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, since = 0) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages
          .slice(since)
          .filter((m) => m.to === to)
          .at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}

export function tokenIn(mail: ReceivedMail): string {
  return new URL(linkIn(mail)).searchParams.get('token') ?? '';
}
