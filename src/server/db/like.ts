import { type Expression, type RawBuilder, sql } from 'kysely';

/** A LIKE pattern matching `text` anywhere and literally: %, _ and \ typed by a person are not wildcards. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * True where `expression` contains `text`, ignoring case, the same on both engines: lower() on
 * both sides, because PostgreSQL's LIKE is case-sensitive and SQLite's is not.
 */
export const containsText = (expression: Expression<unknown>, text: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${expression}) like ${containsPattern(text)} escape '\\'`;
