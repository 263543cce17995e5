import { describe, expect, it } from 'vitest';
import { errorText, HttpError } from './http';

const json = new HttpError(404, '404: {"error":"There is no submission 7.","code":"not_found"}', {
  error: 'There is no submission 7.',
  code: 'not_found',
});
const plain = new HttpError(502, '502: Bad Gateway');
const network = new TypeError('Failed to fetch');

describe('errorText', () => {
  it("'status' shows the status and the server's text, never the code", () => {
    expect(errorText(json, 'Please try again.', 'status')).toBe('404: There is no submission 7.');
    expect(errorText(plain, 'Please try again.', 'status')).toBe('502: Bad Gateway');
    expect(errorText(network, 'Please try again.', 'status')).toBe('Failed to fetch');
    expect(errorText('odd', 'Please try again.', 'status')).toBe('Please try again.');
  });

  it("'server' shows the server's own message or the fallback", () => {
    expect(errorText(json, 'Upload failed', 'server')).toBe('There is no submission 7.');
    expect(errorText(plain, 'Upload failed', 'server')).toBe('Upload failed');
    expect(errorText(network, 'Upload failed', 'server')).toBe('Upload failed');
  });
});
