import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticPublicPaths } from '../../../shared/routes';
import { createTestApp, type TestApp } from '../../../../tests/support/app';

describe('search engine files', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('lists every public page in /sitemap.xml with absolute URLs', async () => {
    const response = await subject.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(staticPublicPaths.map((path) => `https://www.example.test${path}`));
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(locations.join()).not.toContain('/admin');
  });

  it('keeps crawlers out of /admin in /robots.txt and names the sitemap', async () => {
    const response = await subject.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('\nDisallow: /admin\n');
    expect(response.body).toContain('Sitemap: https://www.example.test/sitemap.xml');
  });

  it.each(staticPublicPaths)('%s declares valid JSON-LD where a page has it', async (path) => {
    const html = (await subject.app.inject(path)).body;
    for (const [, json] of html.matchAll(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/gs)) {
      expect(() => JSON.parse(json!)).not.toThrow();
    }
  });

  it('declares the business with its opening hours, 25 km area and ratings on the home page', async () => {
    const html = (await subject.app.inject('/')).body;
    const blocks = [...html.matchAll(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    const business = blocks.find((block) => JSON.stringify(block['@type']).includes('LocalBusiness'))!;
    expect(business).toMatchObject({
      areaServed: { '@type': 'GeoCircle', geoRadius: 25000 },
      aggregateRating: { ratingValue: 4.8, ratingCount: 127 },
      openingHoursSpecification: [
        { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' },
        { dayOfWeek: ['Saturday'], opens: '09:00', closes: '15:00' },
      ],
      potentialAction: {
        '@type': 'ReserveAction',
        target: { '@type': 'EntryPoint', urlTemplate: expect.stringMatching(/^https?:\/\/[^/]+\/free-assessment$/) },
      },
    });
    expect(blocks.some((block) => block['@type'] === 'FAQPage')).toBe(true);
  });

  it('gives courses 3 months by default and 6 months on the resit page, rated 4.9 (89)', async () => {
    const course = async (path: string) => {
      const html = (await subject.app.inject(path)).body;
      return [...html.matchAll(/<script type="application\/ld\+json" data-head>(.*?)<\/script>/gs)]
        .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
        .find((block) => block['@type'] === 'Course')!;
    };
    expect(await course('/exam-resits')).toMatchObject({
      timeRequired: 'P6M',
      aggregateRating: { ratingValue: 4.9, ratingCount: 89 },
    });
    expect(await course('/primary-tuition')).toMatchObject({ timeRequired: 'P3M' });
    const contact = (await subject.app.inject('/contact')).body;
    expect(contact).toContain('"@type":"ContactPage"');
  });
});
