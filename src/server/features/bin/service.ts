import type { Kysely } from 'kysely';
import type { BinItem, BinKind } from '../../../shared/bin';
import { BIN_KEEP_DAYS } from '../../../shared/retention';
import type { DatabaseSchema } from '../../db/schema';
import { createBlogRepo } from '../blog/repo';
import { createEnquiriesRepo } from '../enquiries/repo';
import { createImagesRepo } from '../images/repo';

const DAY_MS = 24 * 60 * 60 * 1000;

const afterBinDays = (deletedAt: string) => new Date(Date.parse(deletedAt) + BIN_KEEP_DAYS * DAY_MS);

/** When the retention job deletes an enquiry: `months` after it was sent (the inverse of retentionCutoff). */
function retentionDeadline(submittedAt: string, months: number): Date {
  const deadline = new Date(submittedAt);
  deadline.setUTCMonth(deadline.getUTCMonth() + months);
  return deadline;
}

const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/**
 * The Bin across the three kinds (docs/decisions/0036-bin.md). Each kind's repository owns its
 * bin/restore and its delete for good, so deleting for good here is the very delete that existed
 * before the Bin (an enquiry's goes with its e-mails, an image's with its files, in one transaction).
 */
export function createBin(db: Kysely<DatabaseSchema>, retentionMonths: number) {
  const enquiries = createEnquiriesRepo(db);
  const posts = createBlogRepo(db);
  const images = createImagesRepo(db);

  const repoOf = { enquiry: enquiries, post: posts, image: images } satisfies Record<BinKind, unknown>;

  const deleteForGood: Record<BinKind, (id: number) => Promise<boolean>> = {
    enquiry: (id) => enquiries.remove(id),
    post: (id) => posts.delete(id),
    image: (id) => images.delete(id),
  };

  return {
    /** Everything in the Bin, most recently deleted first, with when it goes for good. */
    async list(): Promise<BinItem[]> {
      const [binnedEnquiries, binnedPosts, binnedImages] = await Promise.all([
        enquiries.binned(),
        posts.binned(),
        images.binned(),
      ]);
      const items: BinItem[] = [
        ...binnedEnquiries.map((row) => ({
          kind: 'enquiry' as const,
          id: row.id,
          label: `${row.first_name} ${row.last_name}`,
          detail: row.submission_type === 'assessment' ? 'Assessment request' : 'Contact message',
          deletedAt: row.deleted_at!,
          // The privacy page's retention period still holds in the Bin: whichever comes first.
          purgeAt: earlier(
            afterBinDays(row.deleted_at!),
            retentionDeadline(row.submitted_at, retentionMonths),
          ).toISOString(),
        })),
        ...binnedPosts.map((row) => ({
          kind: 'post' as const,
          id: row.id,
          label: row.title,
          detail: `/blog/${row.slug}`,
          deletedAt: row.deleted_at!,
          purgeAt: afterBinDays(row.deleted_at!).toISOString(),
        })),
        ...binnedImages.map((row) => ({
          kind: 'image' as const,
          id: row.id,
          label: row.filename,
          detail: `Image, ${row.category}`,
          deletedAt: row.deleted_at!,
          purgeAt: afterBinDays(row.deleted_at!).toISOString(),
        })),
      ];
      return items.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.id - a.id);
    },

    /** False when that kind has no such id in the Bin. */
    restore(kind: BinKind, id: number): Promise<boolean> {
      return repoOf[kind].restore(id);
    },

    /** Deletes one binned thing for good; false when it is not in the Bin (things outside it are never touched). */
    async purge(kind: BinKind, id: number): Promise<boolean> {
      if ((await repoOf[kind].binned({ id })).length === 0) return false;
      return deleteForGood[kind](id);
    },

    /** Deletes for good everything binned more than BIN_KEEP_DAYS before `now`; answers how many went. */
    async emptyExpired(now: Date = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - BIN_KEEP_DAYS * DAY_MS);
      let deleted = 0;
      for (const kind of ['enquiry', 'post', 'image'] as const) {
        const expired = await repoOf[kind].binned({ before: cutoff });
        for (const { id } of expired) if (await deleteForGood[kind](id)) deleted += 1;
      }
      return deleted;
    },
  };
}

export type Bin = ReturnType<typeof createBin>;
