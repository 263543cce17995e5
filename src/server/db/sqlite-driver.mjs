import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * better-sqlite3 for the running Node.js (docs/decisions/0053-sqlite-driver-per-node.md). Version 13
 * is built on Node-API and is the one from Node 22 on; version 12, installed as
 * better-sqlite3-node20, serves Node 20, where 13 does not load. Version 12 must never run on Node 24:
 * the garbage collector's clean-up of its statements aborts the process there.
 * Plain JavaScript so that the scripts in scripts/ can share it.
 */
export default require(nodeMajor >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
