import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './sniff';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffImageFormat', () => {
  it('recognises the five accepted formats by their first bytes', () => {
    expect(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0], '\0'.repeat(12)))).toBe('jpeg');
    expect(sniffImageFormat(bytes('\x89PNG\r\n\x1a\n', '\0'.repeat(8)))).toBe('png');
    expect(sniffImageFormat(bytes('GIF89a', '\0'.repeat(8)))).toBe('gif');
    expect(sniffImageFormat(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('avif');
    expect(sniffImageFormat(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBe('avif');
  });

  it('refuses SVG, HEIC, text and short files', () => {
    expect(sniffImageFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(
      null,
    );
    expect(sniffImageFormat(bytes('<?xml version="1.0"?><svg/>'))).toBe(null);
    expect(sniffImageFormat(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBe(null);
    expect(sniffImageFormat(bytes('just some text pretending to be a .png file'))).toBe(null);
    expect(sniffImageFormat(bytes([0xff, 0xd8, 0xff]))).toBe(null);
  });
});
