import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteFacts } from '../../../shared/site-facts/defaults';
import type { SiteFactSection, SiteFacts } from '../../../shared/site-facts/site-facts';
import { createTestApp, type TestApp } from '../../../../tests/support/app';

const adminKey = 'test-admin-key-0123456789abcdef';
/** Noon in London on 10 March 2027: tomorrow is the 11th. */
const now = new Date('2027-03-10T12:00:00Z');

/** The JSON-LD blocks of a served page, parsed. */
const jsonLdOf = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
const ofType = (blocks: Record<string, unknown>[], type: string) =>
  blocks.find((block) => block['@type'] === type || (Array.isArray(block['@type']) && block['@type'].includes(type)));

/** Every public place reads the facts in use (decision 0059): a save shows on the next request. */
describe('the public pages follow the saved site facts', () => {
  let subject: TestApp;
  let revision: number | null = null;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: adminKey }, clock: () => now });
  });
  afterAll(() => subject.close());

  async function save<Section extends SiteFactSection>(section: Section, value: SiteFacts[Section]) {
    const response = await subject.app.inject({
      method: 'PUT',
      url: `/api/admin/site/${section}`,
      headers: { 'x-api-key': adminKey },
      payload: { basedOn: revision, value },
    });
    expect(response.statusCode).toBe(200);
    revision = response.json().revision;
  }
  const page = async (path: string) => (await subject.app.inject(path)).body;

  it('shows new details and prices on the home, contact, tuition and not-found pages and in JSON-LD', async () => {
    await save('details', {
      ...defaultSiteFacts.details,
      name: 'Redcar Readers',
      phone: '01642 000111',
      areasCovered: ['Redcar', 'Saltburn'],
      social: { ...defaultSiteFacts.details.social, x: '' },
      pricing: { ...defaultSiteFacts.details.pricing, classroom: { primary: 17.5, secondary: 19 }, fromPerHour: 16 },
    });

    const home = await page('/');
    expect(home).toContain('£17.50');
    expect(home).toContain('From £16/hour');
    expect(home).toContain('<li>Saltburn</li>');
    expect(home).not.toContain('<li>Ingleby Barwick</li>');
    expect(home).toContain('01642 000111');
    expect(home).not.toContain('01632 960123');
    expect(home).toContain('<title>Redcar Readers | Tutoring in Middlesbrough &amp; Teesside</title>');
    // The header's brand follows the name while staff have not set a brand text of their own.
    expect(home).toMatch(/<span class="text-blue-700">Redcar<\/span> <span class="text-red-600">Readers<\/span>/);
    // The FAQ's placeholders are filled from the new details.
    expect(home).toContain('costs £17.50 an hour for primary');
    expect(home).toContain('families come from Redcar, Saltburn.');

    const business = ofType(jsonLdOf(home), 'LocalBusiness')!;
    expect(business).toMatchObject({ name: 'Redcar Readers', telephone: '01642 000111' });
    expect(business.priceRange).toBe('£17.50-£40 per hour');
    expect(business.sameAs).toEqual([
      defaultSiteFacts.details.social.facebook,
      defaultSiteFacts.details.social.instagram,
    ]);
    expect(home).not.toContain('aria-label="Redcar Readers on X (Twitter)');

    const contact = await page('/contact');
    expect(contact).toContain('Contact Us | Redcar Readers, Middlesbrough');
    expect(contact).toContain('href="tel:01642000111"');
    expect(ofType(jsonLdOf(contact), 'ContactPage')).toMatchObject({ name: 'Contact Redcar Readers' });

    const tuition = await page('/primary-tuition');
    expect(tuition).toContain('From £17.50/hour.');
    expect(ofType(jsonLdOf(tuition), 'Course')).toMatchObject({
      provider: { name: 'Redcar Readers' },
      offers: { price: 16 },
    });

    const subjects = jsonLdOf(await page('/subjects'));
    expect(ofType(subjects, 'Service')!.areaServed).toEqual([
      { '@type': 'Place', name: 'Redcar' },
      { '@type': 'Place', name: 'Saltburn' },
    ]);

    const missing = await subject.app.inject('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('404 - Page Not Found | Redcar Readers');
    expect(missing.body).toContain('About <!-- -->Redcar Readers</h2>');
    expect(missing.body).toMatch(/We help pupils from.*Redcar<!-- --> and <!-- -->Saltburn/);
  });

  it('cannot break out of the JSON-LD script with a fact', async () => {
    await save('details', { ...defaultSiteFacts.details, name: 'Bright </script><script>alert(1)</script> Minds' });
    const home = await page('/');
    expect(home).not.toContain('<script>alert(1)</script>');
    expect(ofType(jsonLdOf(home), 'LocalBusiness')!.name).toBe('Bright </script><script>alert(1)</script> Minds');
  });

  it('announces a closure starting tomorrow on /contact and declares it in JSON-LD', async () => {
    const closures = [
      { id: 'spring', from: '2027-03-11', to: '2027-03-12', opens: null, closes: null, note: 'Staff training' },
      { id: 'late', from: '2027-03-15', to: '2027-03-15', opens: '10:00', closes: '14:00', note: '' },
      { id: 'over', from: '2027-03-01', to: '2027-03-09', opens: null, closes: null, note: 'Half term' },
    ];
    await save('hours', { ...defaultSiteFacts.hours, closures });

    const contact = await page('/contact');
    expect(contact).toContain('Closures and special hours');
    expect(contact).toContain('<li>Closed 11 March to 12 March (Staff training)</li>');
    expect(contact).toContain('<li>Open 10:00 AM-2:00 PM on 15 March</li>');
    expect(contact).not.toContain('Half term');
    // The regular hours print as they always did.
    expect(contact).toContain('<dt class="font-semibold">Mon-Fri</dt><dd>4:00 PM-8:00 PM</dd>');

    const hours = ofType(jsonLdOf(contact), 'LocalBusiness')!.openingHoursSpecification as Record<string, unknown>[];
    expect(hours.filter((entry) => 'validFrom' in entry)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2027-03-11',
        validThrough: '2027-03-12',
        opens: '00:00',
        closes: '00:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2027-03-15',
        validThrough: '2027-03-15',
        opens: '10:00',
        closes: '14:00',
      },
    ]);
    expect(hours.filter((entry) => 'dayOfWeek' in entry)).toHaveLength(defaultSiteFacts.hours.declared.length);

    await save('hours', { ...defaultSiteFacts.hours, closures: [] });
    expect(await page('/contact')).not.toContain('Closures and special hours');
  });

  it('publishes the closures at /calendar.ics, each edited closure keeping its UID, and the contact page links to it', async () => {
    const closures = [
      { id: 'spring', from: '2027-03-11', to: '2027-03-12', opens: null, closes: null, note: 'Staff training' },
      { id: 'late', from: '2027-03-15', to: '2027-03-15', opens: '10:00', closes: '14:00', note: '' },
      { id: 'long-over', from: '2027-01-01', to: '2027-01-02', opens: null, closes: null, note: 'New Year' },
    ];
    await save('hours', { ...defaultSiteFacts.hours, closures });
    const feed = async () => {
      const response = await subject.app.inject('/calendar.ics');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const calendar = new ICAL.Component(ICAL.parse(response.body));
      return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    };
    const first = await feed();
    // More than 30 days over: gone from the calendar.
    expect(first.map(({ uid, summary }) => ({ uid, summary }))).toEqual([
      { uid: 'closure-spring@www.example.test', summary: 'Closed (Staff training)' },
      { uid: 'closure-late@www.example.test', summary: 'Open 10:00 AM-2:00 PM' },
    ]);
    expect([first[0]!.startDate.toString(), first[0]!.endDate.toString()]).toEqual(['2027-03-11', '2027-03-13']);

    await save('hours', { ...defaultSiteFacts.hours, closures: [{ ...closures[0]!, to: '2027-03-19' }] });
    const edited = await feed();
    expect(edited.map(({ uid }) => uid)).toEqual(['closure-spring@www.example.test']);
    expect(edited[0]!.endDate.toString()).toBe('2027-03-20');

    expect(await page('/contact')).toContain('<a href="/calendar.ics"');
    await save('hours', { ...defaultSiteFacts.hours, closures: [] });
  });

  it('shows a hidden testimonial and a hidden FAQ item nowhere, and keeps the FAQ in its saved order', async () => {
    const [first, second, ...rest] = defaultSiteFacts.testimonials;
    await save('testimonials', [{ ...first!, shown: false }, second!, ...rest]);
    const [cost, assessment, years, areas] = defaultSiteFacts.faq;
    await save('faq', [areas!, { ...cost!, shown: false }, years!, assessment!]);

    for (const path of ['/', '/contact']) {
      const html = await page(path);
      expect(html).not.toContain('grade 3 to a grade 6');
      expect(html).not.toContain('Sarah, parent in Acklam');
      expect(html).not.toContain(cost!.question);
    }
    const home = await page('/');
    // The carousel's cards are the shown list, in the page's HTML.
    expect(home).toContain(second!.author);
    const faqPage = ofType(jsonLdOf(home), 'FAQPage')!;
    const questions = (faqPage.mainEntity as { name: string }[]).map((question) => question.name);
    expect(questions).toEqual([areas!.question, years!.question, assessment!.question]);
    const shownOrder = [...home.matchAll(/<summary[^>]*>(.*?)<\/summary>/g)].map((match) => match[1]);
    expect(shownOrder).toEqual([areas!.question, years!.question, assessment!.question]);
  });
});
