import { type AddressInfo } from 'node:net';
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
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it accepts (no TLS, no auth). */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          text: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` is true, polling; fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
