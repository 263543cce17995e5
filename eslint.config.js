import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import localRules from './eslint-rules/no-import-cycle.mjs';

/**
 * A server feature reaches another only through what the other's index.ts exports, and
 * features/index.ts, which puts them together, only through each one's index.ts. Read from the
 * folder, so a new feature is covered without a line here.
 */
const featuresDir = 'src/server/features';
const featureZones = [
  ...readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${featuresDir}/${name}`,
      from: `./${featuresDir}/!(${name})/**/*`,
      except: [`**/${featuresDir}/*/index.ts`],
      message: `Import another feature through its index.ts.`,
    })),
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
              // AdminApp.tsx chooses the screens; the session, the client and ui/ serve every screen and import none.
              target: ['./src/web/admin/!(AdminApp).{ts,tsx}', './src/web/admin/ui/**/*'],
              from: './src/web/admin/!(ui)/**/*',
              message: 'Only AdminApp.tsx imports a screen; move what is shared up to src/web/admin/.',
            },
          ],
        },
      ],
    },
  },
  // --- end of boundaries ---
);
