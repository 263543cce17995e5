import SQLite from 'better-sqlite3';

export default SQLite;
