import { z } from 'zod';
import { emailAddressPattern } from '../email-address';
import { choosesAWay, newSignInFields } from './schemas';

/**
 * Getting back into a staff account (issue 38, decision 0058 "Recovery"): "Forgot your password?"
 * on the sign-in screen, and an owner's "Reset sign-in". The link's token always travels in a
 * body, never in an address a log writes down.
 */

/** What the sign-in screen says after "Send me a link", whether or not the address has an account. */
export const RECOVERY_REQUESTED =
  'If there is a staff account for this address, we have e-mailed it a link to choose a new password. The link works once, within an hour. Check your spam folder if nothing arrives in a few minutes.';

/** What any link that no longer works says: used, too old, or replaced by a newer one. */
export const RECOVERY_LINK_ENDED =
  'This link no longer works: it was already used, it is more than an hour old, or a newer one was sent. Please ask for a new one from the sign-in screen.';

const tokenField = z
  .string({ error: 'Open the link from your e-mail again.' })
  .max(64, 'Open the link from your e-mail again.');
const codeField = z
  .string({ error: 'Enter the six-digit code.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the six-digit code.');
const passwordField = z.string({ error: 'Password is required.' }).max(200, 'Password must be at most 200 characters.');

/** POST /api/staff/recovery: "Forgot your password?". */
export const recoveryRequestSchema = z
  .object({
    email: z
      .string({ error: 'E-mail address is required.' })
      .trim()
      .min(1, 'E-mail address is required.')
      .max(254, 'E-mail address must be at most 254 characters.')
      .pipe(z.email({ pattern: emailAddressPattern, error: 'Enter a valid e-mail address.' })),
  })
  .strict();

/** POST /api/staff/recovery/open: the link's token; `previous`, a code's challenge to end when asking for a new code. */
export const recoveryOpenSchema = z.object({ token: tokenField, previous: z.string().max(64).optional() }).strict();

/** POST /api/staff/recovery/complete: a `forgot` link's new password, with the person's code. */
export const recoveryCompleteSchema = z
  .object({
    token: tokenField,
    password: passwordField,
    challenge: z.string({ error: 'Open the link from your e-mail again.' }).max(64),
    code: codeField,
  })
  .strict();

/** POST /api/staff/recovery/reset: an owner's reset link, taken up as an invitation is (without a name). */
export const recoveryResetSchema = z
  .object({ token: tokenField, ...newSignInFields })
  .strict()
  .refine(choosesAWay, { message: 'Choose a password, or add a passkey.', path: ['password'] });
export type RecoveryReset = z.infer<typeof recoveryResetSchema>;

/** What a recovery link's screen shows. */
export type RecoveryView =
  | {
      kind: 'forgot';
      email: string;
      /** The person's second step: their app's code, or one e-mailed now. */
      next: 'authenticator-app' | 'email-code';
      challenge: string;
    }
  | {
      kind: 'reset';
      email: string;
      mailOn: boolean;
      /** A fresh secret to offer for an authenticator app, as an invitation does. */
      authenticator: { secret: string; uri: string; qrSvg: string };
    };
