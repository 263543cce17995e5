import type { BinKind, BinList } from '../../../shared/bin/bin';
import { useAdminCalls } from '../session';
import type { AdminTransport } from '../transport';

/** The Bin's calls; the inbox's "Undo" of a delete restores through them too. */
export function binApi({ json, send }: AdminTransport) {
  return {
    list: async () => (await json<BinList>('GET', '/api/admin/bin')).items,
    restore: async (kind: BinKind, id: number) => void (await send('POST', `/api/admin/bin/${kind}/${id}/restore`)),
    purge: async (kind: BinKind, id: number) => void (await send('DELETE', `/api/admin/bin/${kind}/${id}`)),
  };
}

export type BinApi = ReturnType<typeof binApi>;

export const useBinApi = () => useAdminCalls(binApi);
