import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two builds from one config: the browser bundle (dist/client, with a manifest the server reads)
 * and the server (dist/server/main.js), which bundles our code and the React renderer while
 * leaving node_modules external.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // lucide-react as a dependency is every icon it has (5.6 MB of heap in each server process);
  // bundled, it is only the icons the pages import (decision 0039).
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        target: 'node20',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        // The server, and the commands that share its config and database code: npm run admin:key,
        // backup, restore and doctor (scripts/run-command.mjs runs them).
        rollupOptions: {
          input: {
            main: 'src/server/main.ts',
            'admin-key': 'src/server/admin-key-cli.ts',
            backup: 'src/server/ops/backup-cli.ts',
            restore: 'src/server/ops/restore-cli.ts',
            doctor: 'src/server/ops/doctor-cli.ts',
          },
        },
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        target: 'es2022',
        emptyOutDir: true,
        // Public pages run the island loader; the admin area runs the whole application (decision 0038).
        rollupOptions: {
          input: ['src/web/entry-islands.ts', 'src/web/entry-client.tsx'],
          // What every public page runs beside its loader travels in one chunk: a public page asks
          // for the loader, this chunk and the stylesheet, never for a few bytes the admin happens
          // to share (tests/e2e/islands.spec.ts counts them).
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'page-behaviour',
                  test: /vite\/preload-helper|src[\\/]web[\\/](islands[\\/]page-behaviour|lib[\\/]plain-link-click)/,
                },
              ],
            },
          },
        },
      },
}));
