import type { BinKind } from '../../../shared/bin/bin';
import type { FeaturePlugin } from '../../context';
import type { Binnable } from './binnable';
import { binRoutes } from './routes';
import { createBin } from './service';

export type { Binnable, BinnedThing } from './binnable';
export type { Bin } from './service';

/**
 * The Bin over what each feature whose things go to it gives it (its `Binnable`): the service (also
 * what the daily retention run empties) and its routes.
 */
export function createBinFeature(binnables: Readonly<Record<BinKind, Binnable>>) {
  const bin = createBin(binnables);
  const routes: FeaturePlugin = async (app, context) => {
    await app.register(binRoutes, { ...context, bin });
  };
  return { bin, routes };
}
