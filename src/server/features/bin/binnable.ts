/** One thing in the Bin as its feature describes it; the Bin adds its kind and when it goes for good. */
export interface BinnedThing {
  id: number;
  /** What staff recognise it by: the parent's name, the post's title, the image's file name. */
  label: string;
  /** A second line: the enquiry type, the post's slug, the image's category. */
  detail: string;
  deletedAt: string;
  /** Who moved it to the Bin; null when that was before names were kept. */
  deletedBy: string | null;
  /** A deadline of the thing's own, when it has one: it goes for good then if that comes before the Bin's days. */
  dueBy?: Date;
}

/**
 * What a feature whose things go to the Bin gives it (decision 0036). Each feature keeps its own
 * moving to the Bin and its own delete for good, so the Bin never touches another feature's tables.
 */
export interface Binnable {
  /** Its binned things, most recently binned first; `before` keeps those binned earlier than it, `id` that one. */
  binned(filter?: { before?: Date; id?: number }): Promise<BinnedThing[]>;
  /** Takes one out of the Bin; false when it is not in the Bin. */
  restore(id: number): Promise<boolean>;
  /** Deletes one for good, with everything kept about it; false when there was no such thing. */
  deleteForGood(id: number): Promise<boolean>;
}
