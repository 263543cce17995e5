import { migrations } from '../db/migrations/index';

/**
 * What a copy of the site's database holds, read the same way on SQLite and PostgreSQL: the
 * migrations it has had and how many rows its main tables hold. A backup records these counts in
 * its snapshot's tags and a restore checks the copy still holds them (decision 0048).
 */
export interface SiteContents {
  migrations: string[];
  rows: Record<CountedRows, number>;
}

export const countedTables = { enquiries: 'contact_submissions', posts: 'blog_posts', images: 'images' } as const;
export type CountedRows = keyof typeof countedTables;

/** Runs one query and returns its rows: better-sqlite3's `all`, or pg's `query().rows`. */
export type QueryRows = (sql: string) => Promise<Record<string, unknown>[]>;

export async function readSiteContents(query: QueryRows): Promise<SiteContents> {
  const recorded = await query('select name from kysely_migration order by name');
  const rows = {} as Record<CountedRows, number>;
  for (const [counted, table] of Object.entries(countedTables) as [CountedRows, string][]) {
    const [row] = await query(`select count(*) as n from ${table}`);
    rows[counted] = Number(row?.n);
  }
  return { migrations: recorded.map((row) => String(row.name)), rows };
}

/** Why this code cannot run on the copy, or undefined: it must be a migrated database of this site, not of a newer release. */
export function migrationProblem(contents: SiteContents): string | undefined {
  if (contents.migrations.length === 0) return 'it has no migrations recorded: not a database of this site';
  const unknown = contents.migrations.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    return `it was made by a newer release (migrations this code does not know: ${unknown.join(', ')}); upgrade the code first`;
  }
  return undefined;
}

/** The tags a snapshot carries for these contents: `enquiries=12`, `posts=3`, `images=4`. */
export const rowTags = (contents: SiteContents) =>
  Object.entries(contents.rows).map(([counted, count]) => `${counted}=${count}`);

export const describeRows = (rows: SiteContents['rows']) =>
  `${rows.enquiries} enquiries, ${rows.posts} blog posts, ${rows.images} images`;
