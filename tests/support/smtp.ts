import fs from 'node:fs';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft line breaks joined, for searching the text. */
  text: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages `hold` kept unanswered: never accepted, so never delivered. */
  held: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts (no TLS, no auth); with
 * `saveTo`, each is also written there as a .eml file, for tests in other processes.
 */
export async function startTestSmtpServer(
  port = 0,
  saveTo?: string,
  {
    rejectRecipient,
    hold,
  }: {
    /** Refuses these recipients as a real server does, naming the address in its answer. */
    rejectRecipient?: (address: string) => boolean;
    /**
     * Leaves these messages unanswered once their data has arrived (no "250 OK"), as a mail server
     * that hangs does: the sender cannot know they were delivered, and they were not.
     */
    hold?: (mail: ReceivedMail) => boolean;
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejectRecipient?.(address.address)) return callback();
      const error = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
        responseCode: 550,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          text: raw.replace(/=\r?\n/g, ''),
        };
        if (hold?.(mail)) {
          held.push(mail);
          return;
        }
        received.push(mail);
        if (saveTo) fs.writeFileSync(path.join(saveTo, `${Date.now()}-${received.length}.eml`), raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Waits until `check` is true, polling; fails after `timeoutMs`, a ceiling rather than a speed
 * check: on a loaded two-core machine a mail took more than 5 s to reach the SMTP server.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
