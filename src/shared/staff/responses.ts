import { z } from 'zod';
import type { AdminSessionInfo, AdminSessionStatus } from '../admin-session';
import { bodyOf } from '../response-schema';
import type { RecoveryView } from './recovery';
import {
  type AccountChangeResult,
  type ApiTokenRecord,
  type CreatedApiToken,
  type InvitationView,
  type SignInNextStep,
  type StaffAccount,
  type StaffInvitation,
  type StaffPasskey,
  staffRoles,
} from './staff';

/**
 * Staff accounts' and sessions' answers as the API sends them (decision 0069). Classic zod, for
 * the server only: the admin screens read the types beside each, kept equal by the compiler.
 */
const roles = z.array(z.enum(staffRoles));

const sessionInfoShape = {
  who: z.object({
    name: z.string(),
    kind: z.enum(['key', 'account']),
    id: z.number().int().nullable(),
    roles,
  }),
  csrfToken: z.string(),
  idleMs: z.number(),
  expiresAt: z.string(),
};
/** What every way of signing in answers: the session's person and CSRF token (the token is in the cookie). */
export const adminSessionInfoSchema = bodyOf<AdminSessionInfo>()(z.object(sessionInfoShape));
export const adminSessionStatusSchema = bodyOf<AdminSessionStatus>()(
  z.union([z.object({ signedIn: z.literal(true), ...sessionInfoShape }), z.object({ signedIn: z.literal(false) })]),
);

const apiTokenShape = {
  id: z.number().int(),
  name: z.string(),
  roles,
  createdBy: z.string(),
  createdByAccountId: z.number().int().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
};
export const apiTokenRecordSchema = bodyOf<ApiTokenRecord>()(z.object(apiTokenShape));
export const createdApiTokenSchema = bodyOf<CreatedApiToken>()(z.object({ ...apiTokenShape, token: z.string() }));

const accountShape = {
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles,
  signIn: z.object({ passkeys: z.number().int(), password: z.boolean(), authenticatorApp: z.boolean() }),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
};
export const staffAccountSchema = bodyOf<StaffAccount>()(z.object(accountShape));
export const accountChangeResultSchema = bodyOf<AccountChangeResult>()(
  z.object({ ...accountShape, ended: z.object({ apiTokens: z.number().int(), invitations: z.number().int() }) }),
);

export const staffInvitationSchema = bodyOf<StaffInvitation>()(
  z.object({
    id: z.number().int(),
    email: z.string().nullable(),
    roles,
    invitedBy: z.string(),
    invitedByAccountId: z.number().int().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
  }),
);
/** POST /api/admin/staff/invitations: the only time the link is shown. */
export const createdInvitationSchema = z.object({
  invitation: staffInvitationSchema,
  link: z.string(),
  mailed: z.boolean(),
});
/** An owner's "Reset sign-in": the link, shown once, and whether it was mailed. */
export const sentLinkSchema = z.object({ link: z.string(), mailed: z.boolean() });

/** A fresh authenticator-app secret, its otpauth address, and that address as a QR code (SVG). */
export const authenticatorOfferSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });

export const invitationViewSchema = bodyOf<InvitationView>()(
  z.object({
    email: z.string().nullable(),
    roles,
    expiresAt: z.string(),
    mailOn: z.boolean(),
    authenticator: authenticatorOfferSchema,
  }),
);

export const staffPasskeySchema = bodyOf<StaffPasskey>()(
  z.object({ id: z.number().int(), label: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
);

const nextStep = z.enum(['authenticator-app', 'email-code']);
export const signInNextStepSchema = bodyOf<SignInNextStep>()(z.object({ next: nextStep, challenge: z.string() }));

export const recoveryViewSchema = bodyOf<RecoveryView>()(
  z.union([
    z.object({ kind: z.literal('forgot'), email: z.string(), next: nextStep, challenge: z.string() }),
    z.object({
      kind: z.literal('reset'),
      email: z.string(),
      mailOn: z.boolean(),
      authenticator: authenticatorOfferSchema,
    }),
  ]),
);

/**
 * A passkey ceremony: its token, and the options for the browser's WebAuthn call as the WebAuthn
 * library makes them, passed through whole (the browser's API defines them, not this one).
 */
export const passkeyCeremonySchema = z.object({
  challenge: z.string(),
  // Written whole: `additionalProperties: true` has the writer copy every field the library set.
  options: z
    .custom<object>()
    .meta({ type: 'object', additionalProperties: true, description: 'WebAuthn options (JSON), for the browser' }),
});
