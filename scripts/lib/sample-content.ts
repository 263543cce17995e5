// Realistic content for measurements: camera-sized photos in every home-page place and a blog
// post with a featured and an inline image, uploaded through the real API of a running server.
import sharp from 'sharp';
import { showcaseCategories } from '../../src/shared/images/images';

/**
 * A photo-like JPEG with EXIF and GPS: smooth light and colour, texture at several scales (so
 * detail survives downscaling, as leaves, brick and fabric do) and sensor noise.
 */
export async function cameraPhoto(width = 4000, height = 3000, seed = 0): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const hash = (x: number, y: number, salt: number) => {
    let h = (x * 374761393 + y * 668265263 + (salt + seed * 17) * 2147483647) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296 - 0.5;
  };
  const texture = (x: number, y: number, channel: number) =>
    40 * hash(x >> 5, y >> 5, channel) +
    28 * hash(x >> 3, y >> 3, channel + 3) +
    18 * hash(x >> 1, y >> 1, channel + 6);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = (y * width + x) * 3;
      const light = 0.5 + 0.35 * Math.sin((x + seed * 400) / 300) * Math.cos(y / 220);
      const base = [
        255 * light * (0.6 + 0.4 * (x / width)),
        255 * light * 0.8,
        255 * (1 - light) * (0.5 + 0.5 * (y / height)),
      ];
      for (let channel = 0; channel < 3; channel++) {
        const value = base[channel]! + texture(x, y, channel) + 8 * hash(x, y, channel + 9);
        pixels[index + channel] = Math.max(0, Math.min(255, value));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '54/1 34/1 0/1' } })
    .toBuffer();
}

export interface UploadedImage {
  path: string;
  size: number;
  srcSet: string;
}

async function send<T>(baseUrl: string, key: string, url: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { ...init, headers: { ...init.headers, 'x-api-key': key } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function uploadImage(baseUrl: string, key: string, photo: Buffer, category: string, altText = '') {
  const form = new FormData();
  form.set('category', category);
  form.set('altText', altText);
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${category}.jpg`);
  return send<UploadedImage>(baseUrl, key, '/api/admin/images', { method: 'POST', body: form });
}

const altTexts: Record<string, string> = {
  hero: 'A tutor and a pupil working through a maths problem together',
  tutoring: 'One-to-one English lesson at a desk',
  online: 'A pupil in a live online lesson on a laptop',
  classroom: 'A small group lesson in the classroom',
};

export const samplePostSlug = 'revising-for-gcse-maths';

/**
 * Fills every home-page image place with a 4000 x 3000 photo and publishes a post that uses one
 * as its featured image and another in its body. Returns the uploaded files' original bytes.
 */
export async function seedSampleContent(baseUrl: string, key: string): Promise<{ uploadedBytes: number }> {
  let uploadedBytes = 0;
  const paths: string[] = [];
  for (const [index, category] of showcaseCategories.entries()) {
    const photo = await cameraPhoto(4000, 3000, index);
    uploadedBytes += photo.length;
    paths.push((await uploadImage(baseUrl, key, photo, category, altTexts[category])).path);
  }
  await send(baseUrl, key, '/api/admin/blog', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Revising for GCSE Maths: a ten-week plan',
      slug: samplePostSlug,
      excerpt: 'How to turn ten weeks into steady progress: a topic a week, past papers, and rest.',
      content: `<p>Start with the topics that carry the most marks.</p><p><img src="${paths[3]}" alt=""></p><p>Then practise with past papers under timed conditions.</p>`,
      author: 'Northstar Tutors',
      category: 'Exam tips',
      featuredImage: paths[0],
      published: 'true',
    }),
  });
  return { uploadedBytes };
}
