// `npm run dev`: the site from source with Vite in middleware mode, on http://localhost:3000.
// Browser code updates in place as you edit (React Fast Refresh, CSS hot reload); pages are
// rendered on the server from the current source on every request. Edits to server or shared
// code restart the process (node --watch-path in package.json). Same database, migrations,
// admin key and Content-Security-Policy as `npm start`.
import fs from 'node:fs';
import http from 'node:http';
import { createServer } from 'vite';

process.env.NODE_ENV = 'development';
process.env.PAGE_CACHE_MS ??= '0'; // every reload shows the latest edit
process.env.HOST ??= '127.0.0.1'; // Vite serves source files: keep them on this machine
// Then .env (as src/server/env-file.ts reads it for npm start): it fills in what is still unset,
// so the two development defaults above win over a production .env's PAGE_CACHE_MS and HOST.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

const httpServer = http.createServer();
const vite = await createServer({
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'custom',
  optimizeDeps: { entries: ['src/web/entry-dev.ts', 'src/web/entry-dev-islands.ts'] },
});

/** Vite answers its own paths (modules, /@vite/client, public files); everything else goes to the app. */
const serverFactory = (handler) => {
  httpServer.on('request', (request, response) =>
    vite.middlewares(request, response, () => handler(request, response)),
  );
  return httpServer;
};

const entryServer = '/src/web/entry-server.tsx';
const { serve } = await vite.ssrLoadModule('/src/server/serve.ts');
await serve({
  dev: {
    serverFactory,
    clientAssets: {
      entries: {
        app: { scripts: ['/@vite/client', '/src/web/entry-dev.ts'], preloads: [] },
        islands: { scripts: ['/@vite/client', '/src/web/entry-dev-islands.ts'], preloads: [] },
      },
      criticalCss: () => '',
      stylesheets: [],
    },
    // Loaded per request: Vite re-evaluates only the modules changed since the last one.
    render: async (input) => (await vite.ssrLoadModule(entryServer)).render(input),
  },
});
