import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { attachedCalendar, parsedEvent, tokenIn, unfolded } from '../../../../tests/support/booking-mail';
import { movableClock } from '../../../../tests/support/clock';
import { startTestSmtpServer, type TestSmtpServer, waitFor } from '../../../../tests/support/smtp';
import { createSecretBox } from '../../auth/secrets-at-rest';
import { type MailWorker, startMailWorker } from '../../mail/worker';

const OFFICE = 'office@northstar.test';
const { details } = defaultSiteFacts;
/** Friday 27 March 2026; the clocks go forward on Sunday 29 March. */
const friday = Date.parse('2026-03-27T12:00:00.000Z');
/** Monday 30 March 2026, 16:00 BST. */
const mondayFour = '2026-03-30T15:00:00.000Z';

describe('the booking’s mails, through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let subject: TestApp;
  let worker: MailWorker;
  const clock = movableClock(friday);

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    subject = await createTestApp({
      clock: clock.now,
      env: { SMTP_URL: smtp.url, NOTIFY_EMAIL: OFFICE, MAIL_FROM: 'Northstar <web@northstar.test>' },
    });
    worker = startMailWorker({
      db: subject.database.db,
      smtpUrl: smtp.url,
      from: subject.config.mail!.from,
      clock: systemClock,
      log: { info: () => {}, warn: () => {} },
      pollMs: 50,
      // As the server's: the confirmation's link tokens wait sealed in the outbox.
      secrets: createSecretBox(subject.config.secretsKeyFile),
    });
  });
  afterAll(async () => {
    await worker.stop();
    await subject.close();
    await smtp.close();
  });

  const toParent = () => smtp.received.filter((mail) => mail.to.includes('priya@example.com'));
  const toOffice = () => smtp.received.filter((mail) => mail.to.includes(OFFICE));

  it('confirms to the parent with an invitation at the UK wall-clock time, across the clock change, and tells the office', async () => {
    const answer = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      remoteAddress: '198.51.100.7',
      payload: {
        firstName: 'Priya',
        lastName: 'Khan',
        telephone: '01632 960000',
        email: 'Priya@example.com',
        subjectTitle: 'GCSE Maths',
        startsAt: mondayFour,
      },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ date: '2026-03-30', time: '16:00' });
    await waitFor(() => toParent().length === 1 && toOffice().length === 1);

    const [confirmation] = toParent();
    expect(confirmation!.text).toContain('Monday 30 March, 4:00pm (UK time)');
    expect(unfolded(confirmation!)).toMatch(/^Subject: Your free assessment: Monday 30 March, 4:00pm \(UK time\)/m);
    expect(confirmation!.raw).toMatch(new RegExp(`^Reply-To: ${OFFICE}`, 'm'));
    // Nothing the sender typed comes back to the address (decision 0032): not their name.
    expect(confirmation!.raw).not.toContain('Priya Khan');
    expect(confirmation!.raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im);
    const cancelToken = tokenIn(confirmation!, 'cancel');
    const changeToken = tokenIn(confirmation!, 'change');
    expect(cancelToken).not.toBe(changeToken);

    const { method, event, vevent } = parsedEvent(attachedCalendar(confirmation!));
    expect(method).toBe('REQUEST');
    const booking = await subject.database.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(event.uid).toBe(booking.uid);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toString()).toBe('2026-03-30T16:00:00');
    expect(event.startDate.zone.tzid).toBe('Europe/London');
    expect(event.startDate.toJSDate().toISOString()).toBe(mondayFour);
    expect(event.endDate.toString()).toBe('2026-03-30T16:45:00');
    expect(event.location).toBe(`${details.address.street}, ${details.address.locality} ${details.address.postcode}`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // The links are the e-mail's alone: the calendar names the centre and its phone (issue 51).
    expect(event.description).toBe(
      `Free assessment at ${details.name}, booked for Monday 30 March, 4:00pm (UK time). To change the time or cancel, use the link in your confirmation e-mail from ${details.name}, or call ${details.phone}.`,
    );
    const calendarText = attachedCalendar(confirmation!).replace(/\r\n /g, '');
    expect(calendarText).not.toContain(cancelToken);
    expect(calendarText).not.toContain(changeToken);
    expect(calendarText).not.toContain('/free-assessment/');

    const [notice] = toOffice();
    expect(notice!.text).toContain('Booked for Monday 30 March, 4:00pm (UK time).');
    expect(notice!.text).toContain('Priya Khan');
  });

  it('sends an update (METHOD:REQUEST, same UID, higher SEQUENCE) when the parent moves the time', async () => {
    const [confirmation] = toParent();
    const first = parsedEvent(attachedCalendar(confirmation!)).event;
    const moved = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings/change',
      remoteAddress: '198.51.100.9',
      // Monday 30 March, 17:00 BST.
      payload: { token: tokenIn(confirmation!, 'change'), startsAt: '2026-03-30T16:00:00.000Z' },
    });
    expect(moved.statusCode).toBe(200);
    await waitFor(() => toParent().length === 2 && toOffice().length === 2);
    const update = toParent()[1]!;
    expect(unfolded(update)).toMatch(
      /^Subject: Changed: your free assessment is now on Monday 30 March, 5:00pm \(UK time\)/m,
    );
    const { method, event } = parsedEvent(attachedCalendar(update));
    expect(method).toBe('REQUEST');
    expect(event.uid).toBe(first.uid);
    expect(event.sequence).toBe(first.sequence + 1);
    expect(event.startDate.toString()).toBe('2026-03-30T17:00:00');
    expect(toOffice()[1]!.text).toContain(
      'moved their free assessment from Monday 30 March, 4:00pm to Monday 30 March, 5:00pm (UK time)',
    );
  });

  it('sends METHOD:CANCEL with the same UID and a higher SEQUENCE when the parent cancels, and tells the office', async () => {
    const [confirmation] = toParent();
    const update = parsedEvent(attachedCalendar(toParent()[1]!)).event;
    const cancelled = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings/cancel',
      remoteAddress: '198.51.100.8',
      payload: { token: tokenIn(confirmation!, 'cancel') },
    });
    expect(cancelled.statusCode).toBe(200);
    await waitFor(() => toParent().length === 3 && toOffice().length === 3);

    const cancellation = toParent()[2]!;
    expect(unfolded(cancellation)).toMatch(
      /^Subject: Cancelled: your free assessment on Monday 30 March, 5:00pm \(UK time\)/m,
    );
    expect(cancellation.raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=CANCEL/im);
    const { method, event, vevent } = parsedEvent(attachedCalendar(cancellation));
    expect(method).toBe('CANCEL');
    expect(event.uid).toBe(update.uid);
    expect(event.sequence).toBeGreaterThan(update.sequence);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.startDate.toString()).toBe('2026-03-30T17:00:00');

    const notice = toOffice()[2]!;
    expect(unfolded(notice)).toMatch(
      /^Subject: Assessment cancelled by Priya Khan: Monday 30 March, 5:00pm \(UK time\)/m,
    );
    expect(notice.text).toContain('The time is free again.');
  });
});
