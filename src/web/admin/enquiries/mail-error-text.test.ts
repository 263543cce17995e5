import { describe, expect, it } from 'vitest';
import { mailErrorText } from './mail-error-text';

describe("the mail server's error in staff's words", () => {
  it('says the mail server could not be reached, not the technical text', () => {
    const text = mailErrorText({ state: 'retrying', lastError: 'connect ECONNREFUSED 127.0.0.1:2525' });
    expect(text).toBe('The mail server could not be reached; we will keep trying.');
  });

  it('says when the server refused the e-mail, and when we stopped trying', () => {
    const text = mailErrorText({ state: 'failed', lastError: '550 5.1.1 <<address>>: Recipient address rejected' });
    expect(text).toBe('The mail server refused this e-mail; we have stopped trying. Use Retry e-mail to try again.');
  });

  it('names a refused sign-in as a settings problem', () => {
    expect(mailErrorText({ state: 'retrying', lastError: 'Invalid login: 535 Authentication failed' })).toContain(
      'check the mail settings',
    );
  });

  it('says nothing when the e-mail is not failing', () => {
    expect(mailErrorText({ state: 'sent', lastError: null })).toBeUndefined();
    expect(mailErrorText({ state: 'queued', lastError: null })).toBeUndefined();
  });
});
