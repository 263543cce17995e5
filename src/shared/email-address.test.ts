import fc from 'fast-check';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { emailAddressPattern } from './email-address';

it("accepts exactly what zod's own e-mail rule accepts, which the forms used before it was written down", () => {
  const candidate = fc.oneof(
    fc.emailAddress(),
    fc.string({ maxLength: 30 }),
    fc.constant("o'brien.family@example.com"),
  );
  fc.assert(
    fc.property(candidate, (value) => {
      expect(emailAddressPattern.test(value), value).toBe(z.regexes.email.test(value));
    }),
    { numRuns: 1000 },
  );
});
