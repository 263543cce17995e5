import { z } from 'zod';
import { bodyOf } from '../response-schema';
import { binKinds, type BinList, type ImageUsage } from './bin';

/** The Bin's answers (decision 0069); the types in bin.ts are what clients read. */
export const binListSchema = bodyOf<BinList>()(
  z.object({
    items: z.array(
      z.object({
        kind: z.enum(binKinds),
        id: z.number().int(),
        label: z.string(),
        detail: z.string(),
        deletedAt: z.string(),
        deletedBy: z.string().nullable(),
        purgeAt: z.string(),
      }),
    ),
  }),
);

export const imageUsageSchema = bodyOf<ImageUsage>()(
  z.object({ posts: z.array(z.object({ id: z.number().int(), title: z.string() })) }),
);
