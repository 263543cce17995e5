import { z } from 'zod';
import { staffRoles, type StaffRole } from './roles';

/** A named API token as the owner's list shows it; the token itself is shown only once. */
export interface ApiTokenRecord {
  id: number;
  name: string;
  roles: StaffRole[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to creating one: the record plus the token, which is never shown again. */
export interface CreatedApiToken extends ApiTokenRecord {
  token: string;
}

/** POST /api/admin/api-tokens */
export const apiTokenCreateSchema = z
  .object({
    name: z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, 'Name is required.')
      .max(80, 'Name must be at most 80 characters.'),
    roles: z
      .array(z.enum(staffRoles, { error: `Each role must be one of: ${staffRoles.join(', ')}.` }), {
        error: 'Roles must be a list.',
      })
      .min(1, 'Choose at least one role.')
      .max(staffRoles.length, 'Each role at most once.')
      .refine((roles) => new Set(roles).size === roles.length, 'Each role at most once.'),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;
