import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [1234567, '1.18 MB'],
    [3.25 * 1024 ** 3, '3.25 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d bytes reads as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('treats nonsense as nothing', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });
});
