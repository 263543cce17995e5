import { z } from 'zod';
import { imageCategories } from './images';

const altText = z
  .string({ error: 'Alt text must be text.' })
  .trim()
  .max(500, 'Alt text must be at most 500 characters.');
const category = z.enum(imageCategories, { error: `Category must be one of: ${imageCategories.join(', ')}.` });

/** The text fields sent with an upload (multipart): both optional. */
export const imageUploadFieldsSchema = z.object({
  altText: altText.default(''),
  category: category.default('general'),
});

/** PATCH /api/admin/images/:id: what staff may change after upload. */
export const imageUpdateSchema = z
  .object({ altText: altText.optional(), category: category.optional() })
  .strict()
  .refine((value) => value.altText !== undefined || value.category !== undefined, {
    message: 'Send altText or category to change.',
  });

/**
 * GET /api/images: optional search text (trimmed, cut to 200 characters) and category, where
 * '' and 'all' mean every category.
 */
export const imageListQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => q?.trim().slice(0, 200) || undefined),
  category: z
    .union([z.enum(['', 'all']), z.enum(imageCategories)], {
      error: (issue) => `There is no image category "${String(issue.input)}".`,
    })
    .optional()
    .transform((value) => (value === '' || value === 'all' ? undefined : value)),
});
