import type { BinKind } from '../../../shared/bin/bin';
import type { FeaturePlugin } from '../../context';
import type { RecordAccess } from '../access-log';
import type { Binnable } from './binnable';
import { binRoutes } from './routes';
import { createBin } from './service';

export type { Binnable, BinnedThing } from './binnable';
export type { Bin } from './service';

/**
 * The Bin over what each feature whose things go to it gives it (its `Binnable`): the service (also
 * what the daily retention run empties) and its routes, which record in the access log.
 */
export function createBinFeature(binnables: Readonly<Record<BinKind, Binnable>>, record: RecordAccess) {
  const bin = createBin(binnables);
  const routes: FeaturePlugin = async (app, context) => {
    await app.register(binRoutes, { ...context, bin, record });
  };
  return { bin, routes };
}
