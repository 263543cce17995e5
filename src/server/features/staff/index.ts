import type { FeaturePlugin } from '../../context';
import { apiTokenRoutes } from './api-token-routes';

/**
 * Staff access (decision 0058): the owners' screens for who may use the admin. For now the named
 * API tokens; the token store itself lives with authentication (auth/api-tokens.ts), which reads
 * it on every request.
 */
export function createStaffFeature() {
  const routes: FeaturePlugin = async (app, context) => {
    await app.register(apiTokenRoutes, context);
  };
  return { routes };
}
