// The release this code is: package.json's version, set by `npm run release` when a release is
// tagged (README "Releases"), and the commit it was built from. Both are bundled into the build,
// so a running server reports the code it runs even when the folder's package.json has moved on.
import { version } from '../../package.json';

export const siteVersion: string = version;

/**
 * The commit the build was made from (scripts/build.mjs hands it to Vite as VITE_SITE_COMMIT),
 * or `unknown` when the code runs from source (tests, `npm run dev` through tsx, where
 * `import.meta.env` itself may be missing).
 */
export const siteCommit: string = (import.meta.env?.VITE_SITE_COMMIT as string | undefined) || 'unknown';

/** `0.2.0 (1a2b3c4)`: the version and the short commit, for log lines and the doctor. */
export const siteRelease = `${siteVersion} (${siteCommit.slice(0, 7)})`;
