import { type Kysely, sql } from 'kysely';
import { autoIdColumn, engineOf } from '../dialect';

/**
 * Times staff block (issue 41 part 5, decision 0073). A block holds the places of its time under
 * the same key as bookings (`booking_places (starts_at, place)`), so a booking racing a block
 * cannot also win: whichever holds a place first keeps it.
 * - `booking_blocks`: one row per blocked start, who blocked it and when.
 * - `booking_places` now holds a booking's place or a block's: `booking_id` may be null, beside a
 *   new `block_id`, and exactly one of the two is set. SQLite cannot drop a NOT NULL, so there the
 *   table is built anew and its rows copied (no table refers to it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('booking_blocks')
    .addColumn('id', 'integer', autoIdColumn(engine))
    .addColumn('starts_at', 'text', (column) => column.notNull().unique())
    .addColumn('ends_at', 'text', (column) => column.notNull())
    .addColumn('london_date', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    /** Who blocked it (decision 0066): the account (null for the admin key or a token) and the name it went by then. */
    .addColumn('created_by_account_id', 'integer')
    .addColumn('created_by_name', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('booking_blocks_date').on('booking_blocks').column('london_date').execute();

  if (engine === 'postgres') {
    await db.schema
      .alterTable('booking_places')
      .alterColumn('booking_id', (column) => column.dropNotNull())
      .execute();
    await db.schema
      .alterTable('booking_places')
      .addColumn('block_id', 'integer', (column) => column.references('booking_blocks.id').onDelete('cascade'))
      .execute();
    await sql`alter table booking_places add constraint booking_places_holder check ((booking_id is null) <> (block_id is null))`.execute(
      db,
    );
  } else {
    await db.schema
      .createTable('booking_places_next')
      .addColumn('starts_at', 'text', (column) => column.notNull())
      .addColumn('place', 'integer', (column) => column.notNull())
      .addColumn('booking_id', 'integer', (column) => column.references('bookings.id').onDelete('cascade'))
      .addColumn('block_id', 'integer', (column) => column.references('booking_blocks.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('booking_places_key', ['starts_at', 'place'])
      .addCheckConstraint('booking_places_holder', sql`(booking_id is null) <> (block_id is null)`)
      .execute();
    await sql`insert into booking_places_next (starts_at, place, booking_id) select starts_at, place, booking_id from booking_places`.execute(
      db,
    );
    await db.schema.dropTable('booking_places').execute();
    await db.schema.alterTable('booking_places_next').renameTo('booking_places').execute();
    await db.schema.createIndex('booking_places_booking').on('booking_places').column('booking_id').execute();
  }
  await db.schema.createIndex('booking_places_block').on('booking_places').column('block_id').execute();
}
