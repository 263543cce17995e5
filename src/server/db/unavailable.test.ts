import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from './sqlite-driver.mjs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';
import { freePort } from '../../../scripts/lib/free-port.mjs';

const caught = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
};

/** Real errors from the real drivers: which mean "away for now" (503) and which are bugs (500). */
describe('isDatabaseUnavailable', () => {
  it('recognises a PostgreSQL server that refuses connections', async () => {
    // Nothing listens there: the connection is refused.
    const port = await freePort();
    const client = new pg.Client({ connectionString: `postgres://nobody@127.0.0.1:${port}/none` });
    expect(isDatabaseUnavailable(await caught(() => client.connect()))).toBe(true);
  });

  it('recognises an SQLite file locked by another writer', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unavailable-'));
    const file = path.join(dir, 'locked.db');
    const holder = new SQLite(file);
    const other = new SQLite(file, { timeout: 0 });
    try {
      holder.exec('create table t (x); begin exclusive; insert into t values (1)');
      const error = (() => {
        try {
          other.prepare('select * from t').all();
        } catch (error) {
          return error;
        }
      })();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      holder.close();
      other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not excuse mistakes in our own SQL or ordinary errors', () => {
    const db = new SQLite(':memory:');
    const error = (() => {
      try {
        db.prepare('selec 1').all();
      } catch (error) {
        return error;
      }
    })();
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x.trim is not a function'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
