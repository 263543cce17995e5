/** What can be in the Bin: the three things staff delete (docs/decisions/0036-bin.md). */
export const binKinds = ['enquiry', 'post', 'image'] as const;
export type BinKind = (typeof binKinds)[number];

/** What staff call each kind, on the Bin screen and its messages. */
export const binKindNames: Record<BinKind, string> = { enquiry: 'Enquiry', post: 'Blog post', image: 'Image' };

/** One binned thing, as the Bin screen lists it. */
export interface BinItem {
  kind: BinKind;
  id: number;
  /** What staff recognise it by: the parent's name, the post's title, the image's file name. */
  label: string;
  /** A second line: the enquiry type, the post's slug, the image's category. */
  detail: string;
  deletedAt: string;
  /** Who moved it to the Bin (their name then); null when that was before names were kept. */
  deletedBy: string | null;
  /** When it will be deleted for good if nobody restores it. */
  purgeAt: string;
}

export interface BinList {
  items: BinItem[];
}

/** The posts an image appears in (content or featured image), shown before it is deleted. */
export interface ImageUsage {
  posts: { id: number; title: string }[];
}

/** Why a Bin action found nothing: the same words for an unknown id, kind or one not in the Bin. */
export const notInBin = (kind: string, id: string | number) => `There is no ${kind} ${id} in the Bin.`;
