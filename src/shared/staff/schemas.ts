import { z } from 'zod';
import { staffRoles } from './staff';

const rolesField = z
  .array(z.enum(staffRoles, { error: `Each role must be one of: ${staffRoles.join(', ')}.` }), {
    error: 'Roles must be a list.',
  })
  .min(1, 'Choose at least one role.')
  .max(staffRoles.length, 'Each role at most once.')
  .refine((roles) => new Set(roles).size === roles.length, 'Each role at most once.');

/** A person's or a token's name, as staff will read it in lists and the access log. */
const nameField = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(80, 'Name must be at most 80 characters.');

/** POST /api/admin/api-tokens */
export const apiTokenCreateSchema = z
  .object({
    name: nameField,
    roles: rolesField,
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

const emailField = z
  .string({ error: 'E-mail address is required.' })
  .trim()
  .min(1, 'E-mail address is required.')
  .max(254, 'E-mail address must be at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));

/** POST /api/staff/sign-in: the first step with a password. */
export const passwordSignInSchema = z
  .object({
    email: emailField,
    password: z
      .string({ error: 'Password is required.' })
      .min(1, 'Password is required.')
      .max(200, 'Password must be at most 200 characters.'),
  })
  .strict();

/** POST /api/staff/sign-in/code: the second step. */
export const signInCodeSchema = z
  .object({
    challenge: z.string({ error: 'Start signing in again.' }).max(64, 'Start signing in again.'),
    code: z
      .string({ error: 'Enter the six-digit code.' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the six-digit code.'),
  })
  .strict();

/** POST /api/admin/staff/invitations */
export const invitationCreateSchema = z.object({ email: emailField, roles: rolesField }).strict();
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** PUT /api/admin/staff/me/password: a new password, with the current one when there is one. */
export const passwordChangeSchema = z
  .object({
    current: z.string().max(200, 'Password must be at most 200 characters.').optional(),
    password: z.string({ error: 'Password is required.' }).max(200, 'Password must be at most 200 characters.'),
  })
  .strict();

/** PUT /api/admin/staff/me/authenticator: the secret offered and the code the app now shows. */
export const authenticatorSetupSchema = z
  .object({
    secret: z.string().regex(/^[A-Z2-7]{32}$/, 'Start again.'),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the six-digit code the app shows.'),
  })
  .strict();

/** PATCH /api/admin/staff/accounts/:id: what changes; at least one of the two. */
export const accountChangeSchema = z
  .object({
    roles: rolesField.optional(),
    disabled: z.boolean({ error: 'Disabled must be true or false.' }).optional(),
  })
  .strict()
  .refine((change) => change.roles !== undefined || change.disabled !== undefined, {
    message: 'Send the roles or whether the account is disabled.',
    path: ['roles'],
  });

const base64url = (max: number) =>
  z
    .string({ error: 'The passkey answer is incomplete. Please try again.' })
    .max(max, 'The passkey answer is too long.')
    .regex(/^[\w-]*$/, 'The passkey answer is malformed. Please try again.');

/**
 * What the browser's WebAuthn call answers (as @simplewebauthn/browser sends it), checked for
 * shape and size only: the signature and challenge are the server library's to verify. The sizes
 * leave room for post-quantum keys (ML-DSA signatures run to 4,627 bytes, public keys to 2,592),
 * which browsers may come to offer.
 */
export const passkeyAnswerSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: 'The passkey answer is malformed. Please try again.' }),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(24000).optional(),
    authenticatorData: base64url(4000).optional(),
    signature: base64url(8000).optional(),
    userHandle: base64url(200).optional(),
    transports: z.array(z.string().max(20)).max(8).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment: z.string().max(20).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** A passkey step: the challenge's token from the options call and the browser's answer. */
export const passkeyStepSchema = z
  .object({
    challenge: z.string({ error: 'Start again.' }).max(64, 'Start again.'),
    answer: passkeyAnswerSchema,
  })
  .strict();

/**
 * POST /api/staff/invitations/:token/accept: a name, and a way to sign in: a passkey made for the
 * invitation, or a password (with an authenticator app's secret and current code when the person
 * chooses one, or when codes cannot be mailed). The setup link also asks for the address.
 */
export const invitationAcceptSchema = z
  .object({
    name: nameField,
    email: emailField.optional(),
    password: z.string().max(200, 'Password must be at most 200 characters.').optional(),
    authenticator: z
      .object({
        secret: z.string().regex(/^[A-Z2-7]{32}$/, 'Start again from the link.'),
        code: z.string().max(10, 'Enter the six-digit code.'),
      })
      .strict()
      .optional(),
    passkey: passkeyStepSchema.optional(),
  })
  .strict()
  .refine((accept) => accept.password !== undefined || accept.passkey !== undefined, {
    message: 'Choose a password, or add a passkey.',
    path: ['password'],
  });
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;
