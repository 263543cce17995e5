/**
 * The database's tables as Kysely sees them. Dates are ISO 8601 UTC strings and ids are integers
 * on both engines, so one repository works on SQLite and PostgreSQL (docs/decisions/0002).
 */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface DatabaseSchema {
  settings: SettingsTable;
}
