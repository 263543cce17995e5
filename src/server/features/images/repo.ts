import { type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, ImageFilesTable, ImagesTable } from '../../db/schema';
import { containsText } from '../../db/like';
import {
  type ImageCategory,
  type ImageRecord,
  type ShowcaseImages,
  imageDirectory,
  showcaseCategories,
  srcSetOf,
  variantsFor,
} from '../../../shared/images/images';
import type { ProcessedFile, ProcessedImage } from './pipeline';
import { binnableRows } from '../../db/binnable-rows';
import type { Clock } from '../../../shared/clock';

export interface ImageFilter {
  q?: string;
  category?: ImageCategory;
  /** Only these images (the public list's, see routes.ts). */
  ids?: readonly number[];
}

export interface NewImage {
  filename: string;
  altText: string;
  category: ImageCategory;
  processed: ProcessedImage;
}

export function toImageRecord(row: Selectable<ImagesTable>): ImageRecord {
  const directory = imageDirectory(row.id, row.fingerprint, row.width, row.height);
  const variants = variantsFor(directory, row.width, row.height);
  return {
    id: row.id,
    filename: row.filename,
    path: `${directory}/original.${row.extension}`,
    altText: row.alt_text,
    category: row.category as ImageCategory,
    size: row.size,
    width: row.width,
    height: row.height,
    contentType: row.content_type,
    createdAt: row.created_at,
    variants,
    srcSet: srcSetOf(variants),
  };
}

const fileRow = (imageId: number, file: ProcessedFile): Insertable<ImageFilesTable> => ({
  image_id: imageId,
  name: file.name,
  content_type: file.contentType,
  width: file.width,
  height: file.height,
  size: file.data.length,
  data: file.data,
});

/**
 * The one "not in the Bin" rule: every read and change outside the Bin sees only these rows, the
 * file route included, so a binned image's addresses answer 404 (docs/decisions/0036-bin.md).
 */
const notBinned = (eb: ExpressionBuilder<DatabaseSchema, 'images'>) => eb('images.deleted_at', 'is', null);

export function createImagesRepo(db: Kysely<DatabaseSchema>, clock: Clock) {
  return {
    /** Newest first; q matches file name or alt text, ignoring case, on both engines. */
    async list({ q, category, ids }: ImageFilter = {}): Promise<ImageRecord[]> {
      if (ids && ids.length === 0) return [];
      let query = db.selectFrom('images').selectAll().where(notBinned).orderBy('id', 'desc');
      if (ids) query = query.where('id', 'in', ids);
      if (category) query = query.where('category', '=', category);
      if (q) {
        query = query.where((eb) => eb.or([containsText(eb.ref('filename'), q), containsText(eb.ref('alt_text'), q)]));
      }
      return (await query.execute()).map(toImageRecord);
    },

    /** The ids of the images the home page shows (showcase below). */
    async showcaseIds(): Promise<number[]> {
      const newest = await Promise.all(
        showcaseCategories.map((category) =>
          db
            .selectFrom('images')
            .select('id')
            .where('category', '=', category)
            .where(notBinned)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst(),
        ),
      );
      return newest.flatMap((row) => (row ? [row.id] : []));
    },

    /** The newest image of each showcase category that has one (one indexed look-up each). */
    async showcase(): Promise<ShowcaseImages> {
      const newest = await Promise.all(
        showcaseCategories.map((category) =>
          db
            .selectFrom('images')
            .selectAll()
            .where('category', '=', category)
            .where(notBinned)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst(),
        ),
      );
      const showcase: ShowcaseImages = {};
      showcaseCategories.forEach((category, index) => {
        const row = newest[index];
        if (row) showcase[category] = { path: toImageRecord(row).path, altText: row.alt_text };
      });
      return showcase;
    },

    async find(id: number): Promise<ImageRecord | undefined> {
      const row = await db.selectFrom('images').selectAll().where('id', '=', id).where(notBinned).executeTakeFirst();
      return row && toImageRecord(row);
    },

    /** Stores the record and all its files in one transaction: never an image without bytes. */
    async create({ filename, altText, category, processed }: NewImage): Promise<ImageRecord> {
      const now = clock().toISOString();
      const extension = processed.files[0]!.name.split('.').pop()!;
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('images')
          .values({
            filename,
            alt_text: altText,
            category,
            content_type: processed.contentType,
            extension,
            fingerprint: processed.fingerprint,
            size: processed.size,
            width: processed.width,
            height: processed.height,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        for (const file of processed.files) {
          await trx.insertInto('image_files').values(fileRow(row.id, file)).execute();
        }
        return toImageRecord(row);
      });
    },

    async update(
      id: number,
      changes: { altText?: string; category?: ImageCategory },
    ): Promise<ImageRecord | undefined> {
      const row = await db
        .updateTable('images')
        .set({
          ...(changes.altText !== undefined ? { alt_text: changes.altText } : {}),
          ...(changes.category !== undefined ? { category: changes.category } : {}),
          updated_at: clock().toISOString(),
        })
        .where('id', '=', id)
        .where(notBinned)
        .returningAll()
        .executeTakeFirst();
      return row && toImageRecord(row);
    },

    ...binnableRows(db, 'images', ['filename', 'category'], clock),

    /** Deletes an image for good: true when something was deleted. Files go first, so no engine depends on cascading. */
    async delete(id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('image_files').where('image_id', '=', id).execute();
        const result = await trx.deleteFrom('images').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },

    /** Stores one more file for an image; a copy another request stored first wins. */
    async addFile(imageId: number, file: ProcessedFile): Promise<void> {
      await db
        .insertInto('image_files')
        .values(fileRow(imageId, file))
        .onConflict((conflict) => conflict.columns(['image_id', 'name']).doNothing())
        .execute();
    },

    /** The bytes at an address, only when the fingerprint and dimensions in it are current. */
    async file(id: number, directoryToken: string, name: string) {
      return db
        .selectFrom('image_files')
        .innerJoin('images', 'images.id', 'image_files.image_id')
        .select(['image_files.content_type', 'image_files.data', 'images.fingerprint', 'images.width', 'images.height'])
        .where('image_files.image_id', '=', id)
        .where('image_files.name', '=', name)
        .where(notBinned)
        .executeTakeFirst()
        .then((row) =>
          row && `${row.fingerprint}-${row.width}x${row.height}` === directoryToken
            ? { contentType: row.content_type, data: row.data }
            : undefined,
        );
    },
  };
}

export type ImagesRepo = ReturnType<typeof createImagesRepo>;
