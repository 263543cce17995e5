import { z } from 'zod';
import { bodyOf } from '../response-schema';
import { imageCategories, type ImageRecord, showcaseCategories, type ShowcaseImages } from './images';

/** The library's answers (decision 0069); the types in images.ts are what clients read. */
export const imageRecordSchema = bodyOf<ImageRecord>()(
  z.object({
    id: z.number().int(),
    filename: z.string(),
    path: z.string(),
    altText: z.string(),
    category: z.enum(imageCategories),
    size: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    contentType: z.string(),
    createdAt: z.string(),
    variants: z.array(z.object({ width: z.number().int(), height: z.number().int(), path: z.string() })),
    srcSet: z.string(),
  }),
);

export const imageListSchema = z.object({ images: z.array(imageRecordSchema) });

const showcaseImageSchema = z.object({ path: z.string(), altText: z.string() });
export const showcaseImagesSchema = bodyOf<ShowcaseImages>()(
  z.partialRecord(z.enum(showcaseCategories), showcaseImageSchema),
);
