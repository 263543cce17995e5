import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShowcaseImages } from '../../../shared/images/images';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { uploadImage } from '../../../../tests/support/multipart';
import { adminHeaders, postInput, testAdminKey } from '../../../../tests/support/blog-factory';
import { pngOf } from '../../../../tests/support/images-fixtures';

/** Every <img> tag in a page, as written by the server. */
const imageTags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
// HTML attribute names ignore case (React writes srcSet and fetchPriority).
const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('library images on public pages', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { ADMIN_API_KEY: testAdminKey } });
  });
  afterAll(() => subject.close());

  const upload = async (category: string, altText: string, width = 1200, height = 900) =>
    uploadImage(subject.app, adminHeaders, { data: await pngOf(width, height), category, altText });
  const showcase = async () => (await subject.app.inject('/api/images/showcase')).json<ShowcaseImages>();

  it('has nothing to show while the library is empty, and the home page draws no image', async () => {
    const response = await subject.app.inject('/api/images/showcase');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(imageTags((await subject.app.inject('/')).body)).toEqual([]);
  });

  it('shows the newest hero and card images on the home page: the hero first and eager, cards lazy', async () => {
    const olderHero = await upload('hero', 'Older hero');
    const hero = await upload('hero', 'A tutor and a pupil at work');
    const online = await upload('online', 'An online lesson');
    await upload('general', 'Not shown on the home page');

    expect(await showcase()).toEqual({
      hero: { path: hero.path, altText: 'A tutor and a pupil at work' },
      online: { path: online.path, altText: 'An online lesson' },
    });

    const [heroTag, onlineTag, ...others] = imageTags((await subject.app.inject('/')).body);
    expect(others).toEqual([]);
    expect(attribute(heroTag!, 'alt')).toBe('A tutor and a pupil at work');
    expect(attribute(heroTag!, 'srcset')).toBe(hero.srcSet);
    expect([attribute(heroTag!, 'width'), attribute(heroTag!, 'height')]).toEqual(['1200', '900']);
    expect(attribute(heroTag!, 'fetchpriority')).toBe('high');
    expect(attribute(heroTag!, 'loading')).toBe('eager');
    expect(attribute(onlineTag!, 'srcset')).toBe(online.srcSet);
    expect(attribute(onlineTag!, 'loading')).toBe('lazy');
    expect(attribute(onlineTag!, 'fetchpriority')).toBeUndefined();

    // Deleting the newest hero brings back the one before it.
    await subject.app.inject({ method: 'DELETE', url: `/api/admin/images/${hero.id}`, headers: adminHeaders });
    expect((await showcase()).hero).toEqual({ path: olderHero.path, altText: 'Older hero' });
  });

  it('draws a post’s featured image and its library body images as responsive WebP', async () => {
    const featured = await upload('blog', 'Featured', 1600, 900);
    const inBody = await upload('blog', 'In the body', 800, 600);
    const external = 'https://images.example/cat.jpg';
    const created = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: adminHeaders,
      payload: postInput({
        title: 'Pictures of our classroom',
        slug: 'pictures',
        featuredImage: featured.path,
        content: `<p>Our room.</p><img src="${inBody.path}" alt="Desks"><img src="${external}" alt="A cat">`,
      }),
    });
    expect(created.statusCode).toBe(201);

    const [featuredTag, bodyTag, externalTag] = imageTags((await subject.app.inject('/blog/pictures')).body);
    expect(attribute(featuredTag!, 'srcset')).toBe(featured.srcSet);
    expect(attribute(featuredTag!, 'fetchpriority')).toBe('high');
    expect(attribute(bodyTag!, 'srcset')).toBe(inBody.srcSet);
    expect([attribute(bodyTag!, 'width'), attribute(bodyTag!, 'height')]).toEqual(['800', '600']);
    expect(attribute(bodyTag!, 'alt')).toBe('Desks');
    expect(attribute(bodyTag!, 'loading')).toBe('lazy');
    expect(externalTag).toBe(`<img src="${external}" alt="A cat" />`);

    // The list's card uses the variants too, and as the first card (the likely LCP) it comes first.
    const cardTag = imageTags((await subject.app.inject('/blog')).body)[0]!;
    expect(attribute(cardTag, 'srcset')).toBe(featured.srcSet);
    expect(attribute(cardTag, 'loading')).toBe('eager');
    expect(attribute(cardTag, 'fetchpriority')).toBe('high');
  });
});
