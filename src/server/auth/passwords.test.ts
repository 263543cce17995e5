import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt and a fresh salt, and verifies only the same password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$15\$8\$3\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('horse');
    expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', first)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('treats the same text typed two ways as one password (Unicode normalisation)', async () => {
    const stored = await hashPassword('caf\u00e9 au lait please');
    expect(await verifyPassword('cafe\u0301 au lait please', stored)).toBe(true);
  });

  it('refuses anything it did not make, and parameters outside its range, without hashing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$15$8$3$short$short',
      `scrypt$30$8$3$${'a'.repeat(22)}$${'b'.repeat(43)}`,
    ]) {
      expect(await verifyPassword('whatever it is', stored)).toBe(false);
    }
    expect(needsRehash(`scrypt$14$8$1$${'a'.repeat(22)}$${'b'.repeat(43)}`)).toBe(true);
  });

  it('asks for length and refuses common or guessable passwords, with the reason', () => {
    const email = 'jane.tutor@northstar.test';
    expect(passwordProblem('short', email)).toBe('Password must be at least 12 characters.');
    expect(passwordProblem('x'.repeat(201), email)).toBe('Password must be at most 200 characters.');
    expect(passwordProblem('qwertyuiop123', email)).toMatch(/too common/);
    expect(passwordProblem('aaaaaaaaaaaaaaa', email)).toMatch(/too common/);
    expect(passwordProblem('jane.tutor2026!', email)).toMatch(/too easy to guess/);
    expect(passwordProblem('Middlesbrough', email)).toMatch(/too easy to guess/);
    expect(passwordProblem('blue kettle under the stairs', email)).toBeUndefined();
  });
});
