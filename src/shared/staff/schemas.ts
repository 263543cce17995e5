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

/** POST /api/staff/invitations/:token/accept: the setup link also asks for the address. */
export const invitationAcceptSchema = z
  .object({
    name: nameField,
    email: emailField.optional(),
    password: z.string({ error: 'Password is required.' }).max(200, 'Password must be at most 200 characters.'),
  })
  .strict();
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;

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
