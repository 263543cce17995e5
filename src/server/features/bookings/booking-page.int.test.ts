import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeTakenMessage } from '../../../shared/bookings/bookings';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { movableClock } from '../../../../tests/support/clock';

/** Monday 30 November 2026, 10:00 in London: the default rules offer times from Tuesday 16:00. */
const start = Date.parse('2026-11-30T10:00:00.000Z');
const first = '2026-12-01T16:00:00.000Z';

/** The detail fields a parent types; the details form also sends the honeypot, empty. */
const typed = {
  firstName: 'Priya',
  lastName: 'Khan',
  telephone: '01632 960000',
  email: 'priya.noscript@example.com',
  subjectTitle: 'GCSE Maths',
  yearGroup: 'Year 10',
  notes: '',
};
const details = { ...typed, website: '' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** The "Book a time" part of a page as drawn: its island's props, which repeat its notice, left out. */
const bookingPartOf = (html: string) =>
  (/<section id="book-a-time".*?<\/section>/s.exec(html)?.[0] ?? '').replace(/<script\b.*?<\/script>/gs, '');

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
const attributeOf = (element: Element, name: string) => element.attrs.find((each) => each.name === name)?.value;
function* elementsIn(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  for (const child of 'childNodes' in node ? node.childNodes : []) yield* elementsIn(child);
}
const textOf = (node: Node): string =>
  node.nodeName === '#text'
    ? (node as DefaultTreeAdapterTypes.TextNode).value
    : 'childNodes' in node
      ? node.childNodes.map(textOf).join('')
      : '';

/**
 * The forms of the "Book a time" part as a browser without script reads them (entities decoded):
 * each one's method and action, its fields' values (hidden ones too) and its buttons.
 */
function bookingFormsOf(html: string) {
  const part = [...elementsIn(parse(html))].find((element) => attributeOf(element, 'id') === 'book-a-time');
  if (!part) throw new Error('No "Book a time" part on the page');
  return [...elementsIn(part)]
    .filter((element) => element.tagName === 'form')
    .map((form) => {
      const inside = [...elementsIn(form)];
      const fields: Record<string, string> = {};
      for (const control of inside.filter((each) => each.tagName === 'input' || each.tagName === 'textarea')) {
        const name = attributeOf(control, 'name');
        if (name)
          fields[name] = control.tagName === 'textarea' ? textOf(control) : (attributeOf(control, 'value') ?? '');
      }
      const buttons = inside
        .filter((each) => each.tagName === 'button')
        .map((button) => ({
          type: attributeOf(button, 'type'),
          name: attributeOf(button, 'name'),
          value: attributeOf(button, 'value'),
          text: textOf(button),
        }));
      const links = inside.filter((each) => each.tagName === 'a').map((link) => attributeOf(link, 'href'));
      return {
        method: attributeOf(form, 'method'),
        action: attributeOf(form, 'action'),
        labelledBy: attributeOf(form, 'aria-labelledby'),
        fields,
        buttons,
        links,
      };
    });
}
/** The details form of the "Book a time" part, if the page draws it. */
const detailsFormOf = (html: string) =>
  bookingFormsOf(html).find((form) => form.labelledBy === 'booking-details-heading');
/** The form of the nearest free times after a 409, if the page draws it. */
const nearestFormOf = (html: string) =>
  bookingFormsOf(html).find((form) => form.buttons.some((button) => button.name === 'pickAnother'));

/**
 * The booking on /free-assessment as a browser without script makes it (decision 0072): plain
 * links for the day and the time, the details form posted to its page.
 */
describe('booking on /free-assessment without script', () => {
  let subject: TestApp;
  let address = 0;
  const post = (payload: string, headers: Record<string, string> = {}) =>
    subject.app.inject({
      method: 'POST',
      url: '/free-assessment',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
      remoteAddress: `198.51.100.${++address}`,
    });
  const page = (url: string) => subject.app.inject({ url });
  const bookings = () => subject.database.db.selectFrom('bookings').selectAll().execute();

  beforeAll(async () => {
    subject = await createTestApp({
      clock: movableClock(start).now,
      // The page cache on, as in production: the booking's pages must never come from it.
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        NOTIFY_EMAIL: 'office@northstar.test',
        MAIL_FROM: 'web@northstar.test',
        PAGE_CACHE_MS: '60000',
      },
    });
  });
  afterAll(() => subject.close());

  it('offers the days, a day’s times and a time’s details form as plain links, in UK time', async () => {
    const days = await page('/free-assessment');
    expect(days.statusCode).toBe(200);
    expect(days.body).toContain('href="/free-assessment?day=2026-12-01#book-a-time"');
    expect(days.body).toContain('Tuesday 1 December');
    const times = await page('/free-assessment?day=2026-12-01');
    expect(times.body).toContain('href="/free-assessment?day=2026-12-01&amp;time=16:00#book-a-time"');
    expect(times.body).toMatch(/4:00pm/);
    const detailsForm = await page('/free-assessment?day=2026-12-01&time=16:00');
    expect(detailsForm.body).toContain(`name="startsAt" value="${first}"`);
    expect(detailsForm.body).toMatch(/Your details for (<!-- -->)?Tuesday 1 December, 4:00pm/);
  });

  it('books: 303 to the answer, which names the time and no one, and the time is no longer offered', async () => {
    const answer = await post(form({ ...details, startsAt: first }));
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/free-assessment?booked=${first}#book-a-time`);
    expect((await bookings()).map((booking) => booking.starts_at)).toContain(first);
    const booked = await page(`/free-assessment?booked=${first}`);
    expect(booked.body).toMatch(/booked for (<!-- -->)?Tuesday 1 December, 4:00pm/);
    expect(booked.body).toContain('A confirmation e-mail is on its way');
    const times = await page('/free-assessment?day=2026-12-01');
    expect(times.body).not.toContain('time=16:00#');
    expect(times.body).toContain('time=17:00#');
  });

  it('a time just taken: 409, the message and the nearest free times, each a button posting the details typed', async () => {
    const second = { ...typed, email: 'second@example.com', telephone: '01632 960001', notes: 'Ana & "Bo" <3' };
    const answer = await post(form({ ...second, website: '', startsAt: first }));
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain(timeTakenMessage);
    const nearest = nearestFormOf(answer.body);
    // A post to the page, never a link whose address would carry (or lose) the details.
    expect(nearest).toMatchObject({ method: 'post', action: '/free-assessment', links: [] });
    // The detail fields as typed, and nothing else: no honeypot, no time to book.
    expect(nearest?.fields).toEqual(second);
    expect(nearest?.buttons).toContainEqual({
      type: 'submit',
      name: 'pickAnother',
      value: '2026-12-01T17:00:00.000Z',
      text: 'Tuesday 1 December, 5:00pm',
    });
    expect(nearest?.buttons.every((button) => button.type === 'submit' && button.name === 'pickAnother')).toBe(true);
  });

  describe('one of the nearest times pressed without script (pickAnother)', () => {
    // Another day's time than the other tests', which they expect still offered.
    const second = '2026-12-03T16:00:00.000Z';
    const kept = { ...typed, email: 'kept@example.com', telephone: '01632 960010', notes: 'Ana & "Bo" <b>3</b>' };
    const stored = async () => ({
      bookings: (await bookings()).length,
      enquiries: (await subject.database.db.selectFrom('contact_submissions').select('id').execute()).length,
    });

    it('200: that time’s details form with every value typed in its field, nothing booked or stored', async () => {
      const before = await stored();
      const answer = await post(form({ ...kept, pickAnother: second }));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.location).toBeUndefined();
      expect(answer.body).toMatch(/Your details for (<!-- -->)?Thursday 3 December, 4:00pm/);
      const detailsForm = detailsFormOf(answer.body);
      expect(detailsForm).toMatchObject({ method: 'post', action: '/free-assessment' });
      expect(detailsForm?.fields).toEqual({ ...kept, startsAt: second, website: '' });
      // No messages: nothing was wrong with the details.
      expect(answer.body).not.toContain('aria-invalid="true"');
      expect(await stored()).toEqual(before);
      // Drawn at the step's address (the day and the time), which names no one.
      expect(answer.body).toContain('href="/free-assessment?day=2026-12-03#book-a-time"');
      expect(answer.body).not.toMatch(/(href|action|src)="[^"]*kept%40example|(href|action|src)="[^"]*kept@example/);
    });

    it('then Confirm booking books it: 303 to the answer', async () => {
      const answer = await post(form({ ...kept, website: '', startsAt: second }));
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`/free-assessment?booked=${second}#book-a-time`);
      expect((await bookings()).map((booking) => booking.starts_at)).toContain(second);
    });

    it('a time gone meanwhile: 200, the nearest free times again, each posting the details typed, nothing stored', async () => {
      const before = await stored();
      const answer = await post(form({ ...kept, pickAnother: second }));
      expect(answer.statusCode).toBe(200);
      expect(bookingPartOf(answer.body)).toContain(timeTakenMessage);
      expect(detailsFormOf(answer.body)).toBeUndefined();
      // Not that day's times as links, which would lose the details without script.
      const nearest = nearestFormOf(answer.body);
      expect(nearest).toMatchObject({ method: 'post', action: '/free-assessment', links: [] });
      expect(nearest?.fields).toEqual(kept);
      expect(nearest?.buttons.map((button) => button.value)).toContain('2026-12-03T17:00:00.000Z');
      expect(nearest?.buttons.map((button) => button.value)).not.toContain(second);
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['__proto__', 'pickAnother=__proto__'],
      ['10 kB of junk', `pickAnother=${'9'.repeat(10_240)}`],
      ['an empty value', 'pickAnother='],
      ['markup', `pickAnother=${encodeURIComponent('<script>alert(1)</script>')}`],
      ['a date that is not one', 'pickAnother=2026-02-31T16%3A00%3A00.000Z'],
      ['an hour that is not one', 'pickAnother=2026-12-01T25%3A00%3A00.000Z'],
      [
        'a __proto__ field beside it',
        `pickAnother=${encodeURIComponent(second)}&__proto__%5BfirstName%5D=x&__proto__=y`,
      ],
    ])('%s: never a 500, the days or a clear 400, nothing stored', async (_label, payload) => {
      const before = await stored();
      const answer = await post(`${form(kept)}&${payload}`);
      expect([200, 400]).toContain(answer.statusCode);
      if (answer.statusCode === 400) {
        expect(bookingPartOf(answer.body)).toContain(
          'We could not read the time you chose. Please choose a day below.',
        );
        expect(bookingPartOf(answer.body)).toMatch(/<h3 [^>]*>Choose a day<\/h3>/);
      }
      expect(answer.body).not.toContain('<script>alert(1)</script>');
      expect(({} as Record<string, unknown>).firstName).toBeUndefined();
      expect(await stored()).toEqual(before);
    });

    it('unreadable: 400 with the days and the message', async () => {
      const answer = await post(form({ ...kept, pickAnother: '__proto__' }));
      expect(answer.statusCode).toBe(400);
      expect(detailsFormOf(answer.body)).toBeUndefined();
    });

    it('given twice (an array), or as pickAnother[]: 400, never a 500', async () => {
      const twice = await post(`${form(kept)}&pickAnother=${encodeURIComponent(second)}&pickAnother=x`);
      expect(twice.statusCode).toBe(400);
      const bracketed = await post(`${form(kept)}&pickAnother%5B%5D=${encodeURIComponent(second)}`);
      expect(bracketed.statusCode).toBeLessThan(500);
    });

    it('the honeypot filled: the same answer, nothing stored', async () => {
      const before = await stored();
      const answer = await post(
        form({ ...kept, website: 'https://spam.example', pickAnother: '2026-12-01T18:00:00.000Z' }),
      );
      expect(answer.statusCode).toBe(200);
      expect(detailsFormOf(answer.body)?.fields.website).toBe('');
      expect(await stored()).toEqual(before);
    });

    it('another site’s post: 403, none of its values drawn', async () => {
      const answer = await post(form({ ...kept, pickAnother: '2026-12-01T18:00:00.000Z' }), {
        'sec-fetch-site': 'cross-site',
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.body).not.toContain('kept@example.com');
    });

    it('does not count against the address’s enquiries: a family choosing times is never locked out of booking', async () => {
      const from = { remoteAddress: '192.0.2.77' };
      const postFrom = (payload: string) =>
        subject.app.inject({
          method: 'POST',
          url: '/free-assessment',
          payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          ...from,
        });
      const limit = subject.config.enquiryRateLimit;
      for (let index = 0; index <= limit; index += 1) {
        expect((await postFrom(form({ ...kept, pickAnother: '2026-12-03T17:00:00.000Z' }))).statusCode).toBe(200);
      }
      const booked = await postFrom(
        form({
          ...kept,
          email: 'many-picks@example.com',
          telephone: '01632 960011',
          website: '',
          startsAt: '2026-12-03T17:00:00.000Z',
        }),
      );
      expect(booked.statusCode).toBe(303);
    });

    it('on another form’s page a pickAnother field is any field: those posts are still counted', async () => {
      const from = { remoteAddress: '192.0.2.78' };
      const contact = {
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'sam@example.com',
        mobile: '07700 900000',
        message: 'A question about GCSE Maths lessons.',
        website: '',
        pickAnother: '2026-12-03T17:00:00.000Z',
      };
      const statuses: number[] = [];
      for (let index = 0; index <= subject.config.enquiryRateLimit; index += 1) {
        const answer = await subject.app.inject({
          method: 'POST',
          url: '/contact',
          payload: form(contact),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          ...from,
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 303)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  it('missing fields: 400 with every field’s message and the values kept, nothing booked', async () => {
    const before = (await bookings()).length;
    const answer = await post(
      form({ startsAt: '2026-12-01T17:00:00.000Z', firstName: 'Ann', email: 'not-an-address' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Last name is required');
    expect(answer.body).toContain('Telephone number is required');
    expect(answer.body).toContain('value="Ann"');
    expect(answer.body).toContain('aria-invalid="true"');
    // Still the details form of the time asked for.
    expect(answer.body).toContain('name="startsAt" value="2026-12-01T17:00:00.000Z"');
    expect((await bookings()).length).toBe(before);
  });

  it.each([
    ['a hostile time', { startsAt: '<script>alert(1)</script>' }],
    ['no time at all', { startsAt: '' }],
    ['a time not offered', { startsAt: '2026-12-01T03:00:00.000Z' }],
    ['a date that is not one', { startsAt: '2026-02-31T16:00:00.000Z' }],
    ['a time in the past', { startsAt: '2026-11-01T16:00:00.000Z' }],
  ])('%s: 400 with the message, never 500', async (_label, fields) => {
    const answer = await post(form({ ...details, ...fields }));
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(/Please choose (a time|one of the times shown)/);
    expect(answer.body).not.toContain('<script>alert(1)</script>');
  });

  it('__proto__ and constructor fields are only fields: 400 with the fields’ messages', async () => {
    const answer = await post('startsAt=2026-12-01T18%3A00%3A00.000Z&__proto__=x&constructor=y&__proto__%5Bx%5D=1');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('First name is required');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a field given twice, another site’s post, a JSON body: refused with the page, never 500', async () => {
    expect(
      (await post(`${form({ ...details, startsAt: first })}&startsAt=${encodeURIComponent(first)}`)).statusCode,
    ).toBe(400);
    const crossSite = await post(form({ ...details, startsAt: '2026-12-01T18:00:00.000Z' }), {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).not.toContain('priya.noscript@example.com');
    const json = await post(JSON.stringify({ ...details, startsAt: first }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
  });

  it('the honeypot filled: answered as booked, nothing held', async () => {
    const before = (await bookings()).length;
    const answer = await post(
      form({ ...details, website: 'https://spam.example', startsAt: '2026-12-01T18:00:00.000Z' }),
    );
    expect(answer.statusCode).toBe(303);
    expect((await bookings()).length).toBe(before);
  });

  it.each([
    ['day=2026-02-31', 'We could not read the day or time'],
    ['day=abc', 'We could not read the day or time'],
    ['day=x&time=y', 'We could not read the day or time'],
    ['day=%3Cscript%3E', 'We could not read the day or time'],
    ['day=2026-12-01&time=99:99', 'We could not read the day or time'],
    ['booked=%3Cscript%3E', 'We could not read the day or time'],
    ['booked=nope', 'We could not read the day or time'],
    ['day=2020-01-01', 'There are no free times left on Wednesday 1 January'],
    ['day=2027-06-01', 'There are no free times left on Tuesday 1 June'],
    ['day=2026-12-01&time=03:00', 'is not free'],
  ])('?%s renders the page with a clear message and the days to choose from', async (query, message) => {
    const answer = await page(`/free-assessment?${query}`);
    expect(answer.statusCode).toBe(200);
    const booking = bookingPartOf(answer.body);
    expect(booking).toContain(message);
    expect(booking).toMatch(/<h3 [^>]*>Choose a day<\/h3>/);
  });

  it('is never answered from the page cache: a booking shows at once', async () => {
    // The same address twice around a booking made through the API: the second render knows it.
    const before = await page('/free-assessment?day=2026-12-02');
    expect(before.body).toContain('time=16:00#');
    const booked = await subject.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        ...details,
        email: 'api@example.com',
        telephone: '01632 960002',
        startsAt: '2026-12-02T16:00:00.000Z',
      },
      remoteAddress: '203.0.113.9',
    });
    expect(booked.statusCode).toBe(201);
    const after = await page('/free-assessment?day=2026-12-02');
    expect(after.body).not.toContain('time=16:00#');
  });
});
