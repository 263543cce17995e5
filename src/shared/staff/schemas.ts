import { z } from 'zod';
import { emailAddressPattern } from '../email-address';
import { collapseSpaces, hasHiddenCharacter, isReservedName, reservedNames } from './display-names';
import { staffRoles } from './staff';

const rolesField = z
  .array(z.enum(staffRoles, { error: `Each role must be one of: ${staffRoles.join(', ')}.` }), {
    error: 'Roles must be a list.',
  })
  .min(1, 'Choose at least one role.')
  .max(staffRoles.length, 'Each role at most once.')
  .refine((roles) => new Set(roles).size === roles.length, 'Each role at most once.');

/**
 * A person's or a token's name, as staff will read it in lists and the access log (issue 36): plain
 * text on one line, not a name the site gives a non-person, runs of spaces made one. Hidden
 * characters are refused before trimming, so a line break is refused wherever it is. That no other
 * account has the name is the server's to check (it needs the accounts).
 */
export const nameField = z
  .string({ error: 'Name is required.' })
  .refine(
    (name) => !hasHiddenCharacter(name),
    'Name must be plain text on one line: no line breaks, tabs or invisible formatting characters.',
  )
  .trim()
  .min(1, 'Name is required.')
  .max(80, 'Name must be at most 80 characters.')
  .overwrite(collapseSpaces)
  .refine(
    (name) => !isReservedName(name),
    `Choose another name: ${reservedNames.map((name) => `“${name}”`).join(', ')} are what the access log calls the site’s own entries.`,
  );

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
  .pipe(z.email({ pattern: emailAddressPattern, error: 'Enter a valid e-mail address.' }));

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

/** POST /api/admin/staff/me/step-up/password: a signed-in person's password, to prove it is them again. */
export const stepUpPasswordSchema = z
  .object({
    password: z
      .string({ error: 'Password is required.' })
      .min(1, 'Password is required.')
      .max(200, 'Password must be at most 200 characters.'),
  })
  .strict();

/** POST /api/staff/sign-in/code: the second step (and a step-up's, at /api/admin/staff/me/step-up/code). */
export const signInCodeSchema = z
  .object({
    challenge: z.string({ error: 'Start signing in again.' }).max(64, 'Start signing in again.'),
    code: z
      .string({ error: 'Enter the six-digit code.' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the six-digit code.'),
  })
  .strict();

/** POST /api/staff/sign-in/code/again: "Send a new code", naming the step waiting for the e-mailed one. */
export const signInCodeAgainSchema = z
  .object({ challenge: z.string({ error: 'Start signing in again.' }).max(64, 'Start signing in again.') })
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

/** An invitation's or setup link's token, sent in the body (never in a path a log writes down). */
export const invitationTokenField = z
  .string({ error: 'Open the link from your invitation again.' })
  .max(64, 'Open the link from your invitation again.');

/**
 * How a person will sign in, chosen with a one-time link (an invitation, an owner's reset link): a
 * password, with an authenticator app's secret and current code when they choose one, or a passkey.
 */
export const newSignInFields = {
  password: z.string().max(200, 'Password must be at most 200 characters.').optional(),
  authenticator: z
    .object({
      secret: z.string().regex(/^[A-Z2-7]{32}$/, 'Start again from the link.'),
      code: z.string().max(10, 'Enter the six-digit code.'),
    })
    .strict()
    .optional(),
  passkey: passkeyStepSchema.optional(),
};
/** A password or a passkey: one of them. */
export const choosesAWay = (chosen: { password?: string; passkey?: unknown }) =>
  chosen.password !== undefined || chosen.passkey !== undefined;

/**
 * POST /api/staff/invitations/accept: the link's token, a name, and a way to sign in: a passkey made for the
 * invitation, or a password (with an authenticator app's secret and current code when the person
 * chooses one, or when codes cannot be mailed). The setup link also asks for the address.
 */
export const invitationAcceptSchema = z
  .object({
    token: invitationTokenField,
    name: nameField,
    email: emailField.optional(),
    ...newSignInFields,
  })
  .strict()
  .refine(choosesAWay, { message: 'Choose a password, or add a passkey.', path: ['password'] });
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;
