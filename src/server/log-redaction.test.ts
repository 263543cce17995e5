import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailAddressPattern } from '../shared/email-address';
import { loggableError, redactedAddress, withoutAddresses } from './log-redaction';

describe('log redaction', () => {
  it('replaces e-mail addresses in a mail server refusal, and keeps the rest', () => {
    expect(
      withoutAddresses(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <Parent.Name+x@example.com>: Recipient address rejected",
      ),
    ).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <<address>>: Recipient address rejected");
    expect(withoutAddresses('to=parent@example.com, from "a@b.test"')).toBe('to=<address>, from "<address>"');
  });

  it('redacts an address with an apostrophe whole, not from the apostrophe on (issue 36)', () => {
    expect(withoutAddresses("550 mailbox o'brien.family@example.com unknown")).toBe('550 mailbox <address> unknown');
    expect(withoutAddresses("<o'brien.family@example.com>")).toBe('<<address>>');
  });

  it('redacts every address the forms accept, wherever it sits in the text', () => {
    const accepted = z.email({ pattern: emailAddressPattern });
    const address = fc
      .emailAddress()
      .filter((candidate) => accepted.safeParse(candidate).success && candidate.length < 120);
    const around = fc.constantFrom(' ', '<', '>', '"', ',', ':', '=', '(', ')', '\n', ' to ', '; ');
    fc.assert(
      fc.property(address, around, around, (value, before, after) => {
        const logged = withoutAddresses(`rejected${before}${value}${after}end`);
        expect(logged).not.toContain('@');
        expect(logged).toContain(redactedAddress);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps scoped package paths in a stack trace', () => {
    const line = '    at handler (/srv/site/node_modules/@fastify/compress/index.js:12:3)';
    expect(withoutAddresses(line)).toBe(line);
  });

  it("drops a database error's other fields, which hold the row's values", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(parent@example.com) already exists.',
    });
    const logged = loggableError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      code: '23505',
      message: 'duplicate key value violates unique constraint',
    });
    expect(JSON.stringify(logged)).not.toContain('parent@example.com');
  });

  it('takes linear time on hostile text', () => {
    const hostile = `${'a'.repeat(200_000)}@${'b'.repeat(200_000)}`;
    const started = performance.now();
    expect(withoutAddresses(hostile)).toBe('<address>');
    expect(withoutAddresses('x'.repeat(400_000))).toHaveLength(400_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
