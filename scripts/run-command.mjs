// `npm run admin:key | backup | restore | doctor`: builds first when needed (like `npm start`),
// then runs the compiled command (dist/server/<name>.js) with the environment the server reads.
import { buildIfStale } from './source-fingerprint.mjs';

const [name] = process.argv.splice(2, 1); // the command's own arguments follow, as process.argv[2…]
const entry = `dist/server/${name}.js`;
buildIfStale(entry, { quiet: true });
await import(new URL(`../${entry}`, import.meta.url).href);
