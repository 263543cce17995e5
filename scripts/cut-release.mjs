// `npm run release -- major | minor | patch`: cuts a release of the site (decision 0061, README
// "Releases"), on the branch it is run on, in one commit and one annotated tag:
//
//   1. refuses unless the working tree is clean and `npm test` passed on exactly this tree
//      (test-results/passed.json, written by scripts/test.mjs), and CHANGELOG.md has entries
//      under "Unreleased";
//   2. bumps the version in package.json and package-lock.json (semantic versioning);
//   3. moves the "Unreleased" entries into a section "## [X.Y.Z] - YYYY-MM-DD" (UTC today, or
//      RELEASE_DATE), leaving "Unreleased" empty;
//   4. commits "Release X.Y.Z" and tags it vX.Y.Z with that section as the tag's message; a
//      release made before this script (scripts/lib/releases.mjs) gets its missing tag too.
//
// Nothing is pushed: it prints the command that does.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { gitIn, nextVersion, releasesBeforeTheScript } from './lib/releases.mjs';
import { cleanTree, testsPassedOn } from './lib/test-pass.mjs';

const fail = (message) => {
  console.error(message);
  process.exit(1);
};

const part = process.argv[2];
if (!['major', 'minor', 'patch'].includes(part ?? '')) {
  fail('Which kind of release? npm run release -- major | minor | patch (semantic versioning: README "Releases")');
}
const git = gitIn(process.cwd());

const tree = cleanTree();
if (!tree) fail('The working tree has changes (git status): commit or remove them first. Nothing was changed.');
if (!testsPassedOn(tree)) {
  fail(
    'npm test has not passed on this tree (test-results/passed.json names another tree, or none): ' +
      'run `npm test` (the whole suite) and cut the release once it passes. Nothing was changed.',
  );
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
const current = readJson('package.json').version;
const version = nextVersion(current, part);
const tag = `v${version}`;
if (git.try('rev-parse', '--verify', '--quiet', `refs/tags/${tag}`)) fail(`The tag ${tag} exists already.`);

const changelog = fs.readFileSync('CHANGELOG.md', 'utf8');
const unreleased = /^## \[Unreleased\][^\n]*\n([\s\S]*?)(?=^## \[|(?![\s\S]))/m.exec(changelog);
const entries = unreleased?.[1]?.trim();
if (!unreleased || !entries) {
  fail('CHANGELOG.md has nothing under "## [Unreleased]" (or no such heading): say what this release changes first.');
}
const date = process.env.RELEASE_DATE || new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`RELEASE_DATE ${date} is not YYYY-MM-DD.`);
const section = `## [${version}] - ${date}\n\n${entries}\n`;
fs.writeFileSync('CHANGELOG.md', changelog.replace(unreleased[0], `## [Unreleased]\n\n${section}\n`));

const pkg = readJson('package.json');
pkg.version = version;
writeJson('package.json', pkg);
const lock = readJson('package-lock.json');
lock.version = version;
if (lock.packages?.['']) lock.packages[''].version = version;
writeJson('package-lock.json', lock);

// Releases from before this script carry no tag: give them theirs, so `git describe` and the
// release folders' names agree with the versions sites report.
for (const [olderVersion, commit] of Object.entries(releasesBeforeTheScript)) {
  const olderTag = `v${olderVersion}`;
  if (
    !git.try('rev-parse', '--verify', '--quiet', `refs/tags/${olderTag}`) &&
    git.try('cat-file', '-e', commit) !== undefined
  ) {
    git(
      'tag',
      '-a',
      olderTag,
      commit,
      '-m',
      `Release ${olderVersion} (tagged afterwards; the version sites ran before releases were cut)`,
    );
    console.log(`Tagged ${olderTag} at ${commit.slice(0, 7)}.`);
  }
}

git('add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
git('commit', '--quiet', '-m', `Release ${version}`);
execFileSync('git', ['tag', '-a', '--cleanup=verbatim', tag, '-F', '-'], {
  input: `Release ${version}\n\n${section}`,
  stdio: ['pipe', 'inherit', 'inherit'],
});
const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
console.log(
  `Released ${version} (was ${current}): commit ${git('rev-parse', '--short', 'HEAD')} "Release ${version}", tag ${tag}.\n` +
    `Publish it (the tags go with it): git push --follow-tags origin ${branch}`,
);
