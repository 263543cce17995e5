import { z } from 'zod';
import { staffRoles } from './staff';

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
