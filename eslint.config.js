import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importCycleRules from './eslint-rules/no-import-cycle.mjs';
import wallClockRules from './eslint-rules/no-wall-clock.mjs';

/** Our own rules (eslint-rules/), one plugin so each config object below may name it. */
const localRules = { rules: { ...importCycleRules.rules, ...wallClockRules.rules } };

/**
 * One zone per feature folder in `dir`: a feature reaches another only through what the other's
 * index.ts exports. Read from the folder, so a new feature is covered without a line here.
 */
const zonesBetweenFeatures = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${dir}/${name}`,
      from: `./${dir}/!(${name})/**/*`,
      except: [`**/${dir}/*/index.ts`],
      message: 'Import another feature through its index.ts.',
    }));

/**
 * A server feature reaches another only through its index.ts (above), and features/index.ts,
 * which puts them together, only through each one's index.ts.
 */
const featuresDir = 'src/server/features';
const featureZones = [
  ...zonesBetweenFeatures(featuresDir),
  {
    target: `./${featuresDir}/index.ts`,
    from: `./${featuresDir}/*/**/*`,
    except: [`**/${featuresDir}/*/index.ts`],
    message: 'Import each feature through its index.ts.',
  },
];

/** The rest of the server (app.ts, the rendering seam, ...) meets a feature only at its index.ts too. */
const outsideFeaturesZone = {
  target: ['./src/server/*', `./src/server/!(features)/**/*`],
  from: `./${featuresDir}/*/**/*`,
  except: [`**/${featuresDir}/*/index.ts`],
  message: 'Import a feature through its index.ts.',
};
/**
 * AdminApp.tsx chooses the admin's screens; a screen imports another screen's folder, or only its
 * calls (its `api.ts`), where this lists it: the blog's post form embeds the image library's
 * picker, file check and upload; the inbox's "Undo" of a delete is the Bin's restore (decision
 * 0068). Read from the folder, so a new screen is covered without a line here.
 */
const adminDir = 'src/web/admin';
const adminScreensMayUse = { blog: ['images'], enquiries: ['bin/api.ts'] };
const adminScreenZones = readdirSync(adminDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'ui')
  .map(({ name }) => {
    const allowed = adminScreensMayUse[name] ?? [];
    const folders = allowed.filter((entry) => !entry.includes('/'));
    const files = allowed.filter((entry) => entry.includes('/'));
    return {
      target: `./${adminDir}/${name}`,
      from: `./${adminDir}/!(${[name, 'ui', ...folders].join('|')})/**/*`,
      ...(files.length > 0 && { except: files.map((file) => `**/${adminDir}/${file}`) }),
      message:
        'A screen imports another only where adminScreensMayUse (eslint.config.js) says; move what is shared up to src/web/admin/.',
    };
  });

/**
 * The public web flows one way (decision 0067): on top the entry points, App.tsx and the route
 * table; then pages/, beside the browser's runtime (islands/: the island registry and loader;
 * navigation/); then features/, components/, lib/, and shared code under all. A layer imports
 * only the layers under it. A feature is entered through its index.ts, except by the island
 * registry, which loads each island's own file so each is a chunk of its own. Read from the
 * folder, so a new feature is covered without a line here.
 */
const webDir = 'src/web';
const webFeaturesDir = `${webDir}/features`;
const webRootFiles = `./${webDir}/*.{ts,tsx}`;
const publicWebZones = [
  {
    target: `./${webDir}/lib`,
    from: [`./${webDir}/!(lib)/**/*`, webRootFiles],
    message: 'lib/ imports only lib/ and shared code; see docs/architecture.md#dependency-rules.',
  },
  {
    target: `./${webDir}/components`,
    from: [`./${webDir}/!(components|lib)/**/*`, webRootFiles],
    message: 'components/ imports only components/, lib/ and shared code; see docs/architecture.md#dependency-rules.',
  },
  {
    target: `./${webFeaturesDir}`,
    from: [`./${webDir}/!(features|components|lib)/**/*`, `./${webDir}/!(route-types).{ts,tsx}`],
    message:
      'A feature imports only components/, lib/, route-types.ts and shared code; see docs/architecture.md#dependency-rules.',
  },
  {
    target: [`./${webDir}/pages`],
    from: [`./${webDir}/{islands,navigation,admin}/**/*`, `./${webDir}/!(route-types).{ts,tsx}`],
    message: 'A page imports features, components/, lib/ and shared code; islands are placed through their wrappers.',
  },
  {
    target: [`./${webDir}/{islands,navigation}/**/*`],
    from: [`./${webDir}/{pages,admin}/**/*`, webRootFiles],
    message: "The browser's runtime (islands/, navigation/) imports no page and no entry point.",
  },
  ...zonesBetweenFeatures(webFeaturesDir),
  {
    target: [webRootFiles, `./${webDir}/!(features|islands)/**/*`, `./${webDir}/islands/!(registry).ts`],
    from: `./${webFeaturesDir}/*/**/*`,
    except: [`**/${webFeaturesDir}/*/index.ts`],
    message: 'Import a feature through its index.ts.',
  },
];

/**
 * config.ts reads the site's settings from process.env; these files touch it for what is not a
 * setting (docs/architecture.md#dependency-rules says why each one does).
 */
const processEnvReaders = [
  'src/server/config.ts',
  'src/server/main.ts',
  'src/server/env-file.ts',
  'src/server/serve.ts',
  'src/server/cluster-primary.ts',
  'src/server/ops/command.ts',
  'src/server/ops/doctor-checks.ts',
  'src/server/ops/restic.ts',
];

const testHelpersZone = { target: './src/server', from: './tests', message: 'Test helpers stay out of the app.' };

// Rules are errors or off, never warnings: a warning nobody fixes is noise.
export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // One anonymous request must not be able to stall the server with a regular expression.
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // The SQLite driver depends on the Node.js version (decision 0053): one module chooses it.
    files: ['src/server/**', 'tests/**', 'scripts/**'],
    ignores: ['src/server/db/sqlite-driver.d.mts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['better-sqlite3', 'better-sqlite3-node20'].map((name) => ({
            name,
            message: 'Import src/server/db/sqlite-driver.mjs, which picks the build for this Node.js.',
          })),
        },
      ],
    },
  },
  {
    // The time now comes from the clock each part is handed (decision 0060): src/shared/clock.ts
    // is the one reader of the wall clock. Tests make their own clocks.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/clock.ts', 'src/**/*.test.{ts,tsx}'],
    plugins: { local: localRules },
    rules: { 'local/no-wall-clock': 'error' },
  },
  {
    // Settings come parsed from config.ts (its Config), not from process.env one by one.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...processEnvReaders, 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read a setting through config.ts (loadConfig); see docs/architecture.md#dependency-rules.',
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructured first argument, even when empty.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Shared code runs in both places, so it may use neither Node nor the server nor the browser app.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '**/server/**', '**/web/**', 'react*'] }],
    },
  },
  {
    // The browser never imports server code: it would leak into the bundle.
    files: ['src/web/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }] },
  },
  {
    // The admin raises its toasts in one place, admin-mutation.ts (decision 0057). The same rule
    // as above, plus that one.
    files: ['src/web/admin/**'],
    ignores: ['src/web/admin/admin-mutation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'] },
            {
              group: ['**/components/ui/use-toast'],
              message: 'Toast through useAdminMutation or toastProblem (src/web/admin/admin-mutation.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Public pages take their icons from components/icons.tsx, which leaves out attributes every
    // copy would repeat in the HTML (decision 0040). The same rule as above, plus that one.
    files: ['src/web/**'],
    ignores: ['src/web/admin/**', 'src/web/components/icons.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/server/**', 'node:*'],
          paths: [{ name: 'lucide-react', message: 'Import public icons from src/web/components/icons.tsx.' }],
        },
      ],
    },
  },
  // --- Boundaries: no cycles, type-only imports included (our rule, decision 0057); each layer
  // imports only what it may (import-x). ---
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts'],
    plugins: { 'import-x': importX, local: localRules },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'local/no-import-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'Shared code runs in both places.',
            },
            { target: './src/web', from: './src/server', message: 'Server code would leak into the browser bundle.' },
          ],
        },
      ],
    },
  },
  {
    // Only the rendering seam (pages.ts renders, document.ts wraps the result) reaches into web.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['src/server/rendering/pages.ts', 'src/server/rendering/document.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/server', from: './src/web', message: 'Only the rendering seam imports web code.' },
            testHelpersZone,
            outsideFeaturesZone,
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // The rendering seam may import web (above), but reaches features and tests as the rest of the server does.
    files: ['src/server/rendering/pages.ts', 'src/server/rendering/document.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [testHelpersZone, outsideFeaturesZone] }] },
  },
  {
    // A feature's tests may use tests/support, and reach other features as its code does.
    files: ['src/server/features/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    // Test helpers (tests/support) are for tests only: the app never imports them.
    files: ['src/{shared,web}/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web', './tests'],
              message: 'Shared code runs in both places.',
            },
            {
              // The route table imports the pages, so nothing below it imports the table (route-types.ts has its types).
              target: [
                './src/web/pages',
                './src/web/features',
                './src/web/components',
                './src/web/lib',
                './src/web/admin',
              ],
              from: './src/web/routes.tsx',
              message: 'Import the types from route-types.ts; routes.tsx imports the pages.',
            },
            {
              target: './src/web',
              from: ['./src/server', './tests'],
              message: 'Server and test code stay out of the bundle.',
            },
            {
              // AdminApp.tsx chooses the screens; the session, the transport and ui/ serve every screen and import none.
              target: ['./src/web/admin/!(AdminApp).{ts,tsx}', './src/web/admin/ui/**/*'],
              from: './src/web/admin/!(ui)/**/*',
              message: 'Only AdminApp.tsx imports a screen; move what is shared up to src/web/admin/.',
            },
            ...adminScreenZones,
            ...publicWebZones,
          ],
        },
      ],
    },
  },
  // --- end of boundaries ---
);
