import type { Kysely } from 'kysely';
import { autoIdColumn, binaryColumnType, engineOf } from '../dialect';

/**
 * The image library (docs/product.md#image). The bytes live in the database, so every app
 * instance sharing it serves every image (docs/decisions/0008-image-storage.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('images')
    .addColumn('id', 'integer', autoIdColumn(engine))
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('alt_text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('category', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('extension', 'text', (column) => column.notNull())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('images_category').on('images').columns(['category', 'id']).execute();

  await db.schema
    .createTable('image_files')
    .addColumn('image_id', 'integer', (column) => column.notNull().references('images.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('data', binaryColumnType(engine), (column) => column.notNull())
    .addPrimaryKeyConstraint('image_files_pk', ['image_id', 'name'])
    .execute();
}
