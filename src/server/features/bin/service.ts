import { type BinItem, type BinKind, binKinds } from '../../../shared/bin/bin';
import { BIN_KEEP_DAYS } from '../../../shared/retention';
import type { Binnable } from './binnable';

const DAY_MS = 24 * 60 * 60 * 1000;

const afterBinDays = (deletedAt: string) => new Date(Date.parse(deletedAt) + BIN_KEEP_DAYS * DAY_MS);

const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/**
 * The Bin across the three kinds (docs/decisions/0036-bin.md), each given by the feature that owns
 * it. Deleting for good here is the very delete that existed before the Bin (an enquiry's goes with
 * its e-mails, an image's with its files, in one transaction).
 */
export function createBin(binnables: Readonly<Record<BinKind, Binnable>>) {
  return {
    /** Everything in the Bin of these kinds, most recently deleted first, with when it goes for good. */
    async list(kinds: readonly BinKind[] = binKinds): Promise<BinItem[]> {
      const binned = await Promise.all(kinds.map((kind) => binnables[kind].binned()));
      const items: BinItem[] = kinds.flatMap((kind, index) =>
        binned[index]!.map(({ id, label, detail, deletedAt, deletedBy, dueBy }) => ({
          kind,
          id,
          label,
          detail,
          deletedAt,
          deletedBy,
          // A deadline of the thing's own (an enquiry's retention period) still holds in the Bin: whichever comes first.
          purgeAt: (dueBy ? earlier(afterBinDays(deletedAt), dueBy) : afterBinDays(deletedAt)).toISOString(),
        })),
      );
      return items.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id - a.id);
    },

    /** False when that kind has no such id in the Bin. */
    restore(kind: BinKind, id: number): Promise<boolean> {
      return binnables[kind].restore(id);
    },

    /** Deletes one binned thing for good; false when it is not in the Bin (things outside it are never touched). */
    async purge(kind: BinKind, id: number): Promise<boolean> {
      if ((await binnables[kind].binned({ id })).length === 0) return false;
      return binnables[kind].deleteForGood(id);
    },

    /** Deletes for good everything binned more than BIN_KEEP_DAYS before `now`; answers how many went. */
    async emptyExpired(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - BIN_KEEP_DAYS * DAY_MS);
      let deleted = 0;
      for (const kind of binKinds) {
        const expired = await binnables[kind].binned({ before: cutoff });
        for (const { id } of expired) if (await binnables[kind].deleteForGood(id)) deleted += 1;
      }
      return deleted;
    },
  };
}

export type Bin = ReturnType<typeof createBin>;
