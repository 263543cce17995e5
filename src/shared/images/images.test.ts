import { describe, expect, it } from 'vitest';
import { imageDirectory, parseImagePath, srcSetOf, variantWidths } from './images';

describe('variantWidths', () => {
  it('never upscales: only targets narrower than the original, plus the original when small enough', () => {
    expect(variantWidths(4000)).toEqual([160, 320, 480, 640, 720, 800, 1024, 1152, 1280, 1600]);
    expect(variantWidths(1600)).toEqual([160, 320, 480, 640, 720, 800, 1024, 1152, 1280, 1600]);
    expect(variantWidths(512)).toEqual([160, 320, 480, 512]);
    expect(variantWidths(100)).toEqual([100]);
  });
});

describe('parseImagePath', () => {
  it('rebuilds the variants and dimensions from an address the pipeline made', () => {
    const path = `${imageDirectory(7, 'ab12cd34ef', 512, 256)}/original.png`;
    const parsed = parseImagePath(path)!;
    expect(parsed.width).toBe(512);
    expect(parsed.height).toBe(256);
    expect(parsed.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [160, 80],
      [320, 160],
      [480, 240],
      [512, 256],
    ]);
    expect(srcSetOf(parsed.variants)).toBe(
      '/images/7/ab12cd34ef-512x256/160.webp 160w, /images/7/ab12cd34ef-512x256/320.webp 320w, /images/7/ab12cd34ef-512x256/480.webp 480w, /images/7/ab12cd34ef-512x256/512.webp 512w',
    );
  });

  it('answers null for addresses it did not make', () => {
    expect(parseImagePath('https://example.test/logo.png')).toBeNull();
    expect(parseImagePath('/images/7/zz-1x1/original.png')).toBeNull();
    expect(parseImagePath('/images/7/ab12cd34ef-0x10/original.png')).toBeNull();
  });
});
