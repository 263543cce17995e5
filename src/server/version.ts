// The release this code is: package.json's version, set by `npm version` when a release is tagged
// (README "Releases"). Bundled into the build, so a running server reports the code it runs even
// when the folder's package.json has moved on.
import { version } from '../../package.json';

export const siteVersion: string = version;
