import SQLite from '../db/sqlite-driver.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { bumpGeneration, createGenerationReader, type GenerationReader } from './content-generation';

/**
 * The SQLite reader shares one read among the page requests of a turn of the event loop
 * (decision 0041). Another process's write is stood in for by a second connection to the file,
 * written synchronously, so the test controls exactly which turn it lands in.
 */
describe('reading the content generation on SQLite', () => {
  let database: TestDatabase;
  let otherProcess: SQLite.Database;
  let reader: GenerationReader;
  const writeElsewhere = () => otherProcess.prepare('update content_generation set generation = generation + 1').run();
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    database = await createTestDatabase();
    otherProcess = new SQLite(database.sqliteFile!);
    reader = createGenerationReader(database);
  });
  afterAll(async () => {
    reader.close();
    otherProcess.close();
    await database.dispose();
  });

  it('reads once per turn: a write that lands during the turn is seen from the next one', async () => {
    await nextTurn();
    const before = reader.read();
    expect(typeof before).toBe('number');
    writeElsewhere();
    // Every request handled in this turn had begun to arrive before the read was taken.
    expect(reader.read()).toBe(before);
    await nextTurn();
    expect(reader.read()).toBe((before as number) + 1);
  });

  it("takes the read again as soon as this process's own staff write has committed", async () => {
    await nextTurn();
    const before = reader.read() as number;
    writeElsewhere();
    await bumpGeneration(database.db);
    // Both writes: the shared read was dropped by the bump, not only by the end of the turn.
    expect(reader.read()).toBe(before + 2);
  });
});
