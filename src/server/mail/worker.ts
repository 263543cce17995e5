import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Clock } from '../../shared/clock';
import type { SecretBox } from '../auth/secrets-at-rest';
import type { DatabaseSchema } from '../db/schema';
import { loggableError } from '../log-redaction';
import { claimDueEmail, markAttemptFailed, markSent, type QueuedEmail, withSecrets } from './outbox';

export interface MailWorkerOptions {
  db: Kysely<DatabaseSchema>;
  smtpUrl: string;
  from: string;
  /** The time now: when mail is due, sent and retried (the app's clock). */
  clock: Clock;
  log: { info(message: string): void; warn(data: object, message: string): void };
  /** How often to look for due mail. */
  pollMs?: number;
  /** First retry delay; each later one doubles, up to maxRetryMs. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** After this many failed attempts the mail is marked 'failed' and left for staff to see. */
  maxAttempts?: number;
  /** Opens a mail's sealed secrets (a booking's link tokens) into its text as it is sent; without it such a mail fails. */
  secrets?: Pick<SecretBox, 'open'>;
}

export interface MailWorker {
  /** Looks for due mail now instead of at the next poll. */
  wake(): void;
  /** Sends everything due; resolves with how many were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** The delay before retry number `attempts` (1 = the first retry): exponential, capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (TLS from the start). */
export function smtpOptionsFromUrl(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
  };
}

/**
 * The Message-ID of a queued mail, the same on every attempt: delivery is at least once (a crash
 * after the mail server took a mail and before it is marked sent sends it again), and mail
 * programs fold two messages with one Message-ID into one. The time it was queued keeps the id
 * apart from a mail that reuses the row number after a restore. The domain is the sender's.
 */
function outboxMessageId(email: Pick<QueuedEmail, 'id' | 'createdAt'>, from: string): string {
  const domain = /@([^@\s<>"]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox-${email.id}-${Date.parse(email.createdAt).toString(36)}@${domain}>`;
}

/** Sends queued mail (staff notifications, parents' confirmations) over SMTP, with retries and backoff, until stopped. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    from,
    clock,
    log,
    pollMs = 5000,
    retryBaseMs = 30_000,
    maxRetryMs = 3_600_000,
    maxAttempts = 12,
  } = options;
  // Short timeouts: a hung mail server must not hold a mail past its lease (leaseMs below).
  const transport = nodemailer.createTransport({
    ...smtpOptionsFromUrl(options.smtpUrl),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const leaseMs = 120_000;
  let stopped = false;
  let current: Promise<number> | undefined;

  async function sendDue(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const email = await claimDueEmail(db, clock(), leaseMs);
      if (!email) break;
      try {
        // Its secrets (a booking's links) go into this message only: the stored copy keeps its markers (decision 0071).
        const message = withSecrets(email, options.secrets);
        await transport.sendMail({
          from,
          messageId: outboxMessageId(email, from),
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          // nodemailer sends it twice: a text/calendar alternative (method=…) and an invite.ics attachment.
          ...(message.calendar
            ? { icalEvent: { method: message.calendar.method, content: message.calendar.content } }
            : {}),
        });
        await markSent(db, email.id, clock());
        sent += 1;
      } catch (error) {
        const attempts = email.attempts + 1;
        const retryAt =
          attempts < maxAttempts
            ? new Date(clock().getTime() + retryDelayMs(attempts, retryBaseMs, maxRetryMs))
            : undefined;
        // A refusal names the recipient (a parent's address): neither the log nor staff's screen keeps it.
        const reason = loggableError(error).message;
        log.warn({ outboxId: email.id, attempts, retryAt, reason }, 'queued e-mail not sent');
        await markAttemptFailed(db, email.id, reason, retryAt);
      }
    }
    return sent;
  }

  const drain = (): Promise<number> => {
    // One pass at a time; a wake-up during a pass joins it (the pass loops until nothing is due).
    current ??= sendDue()
      .catch((error: unknown) => {
        log.warn({ reason: loggableError(error).message }, 'mail outbox check failed');
        return 0;
      })
      .finally(() => {
        current = undefined;
      });
    return current;
  };

  const timer = setInterval(() => void drain(), pollMs);
  timer.unref();
  void drain();

  return {
    wake: () => void drain(),
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
      transport.close();
    },
  };
}
