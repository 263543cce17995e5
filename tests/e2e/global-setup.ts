import { startServer } from './server';

/** One production server for the whole run; specs read its address from E2E_BASE_URL. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    await server.stop();
    server.remove();
  };
}
