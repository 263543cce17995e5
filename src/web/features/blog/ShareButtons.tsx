import { Share2 } from '../../components/icons';

const button =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50';

/**
 * Facebook and X share links; the native share sheet only where the browser has one. Not an
 * island: the server cannot know whether there is a share sheet, so the button starts hidden and
 * plain script (islands/page-behaviour.ts) shows and wires it.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
  const x = `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Share this article">
      <span className="mr-1 text-sm font-semibold text-slate-700">Share:</span>
      <a href={facebook} target="_blank" rel="noopener noreferrer" className={button}>
        <span aria-hidden="true" className="font-bold text-blue-700">
          f
        </span>
        Facebook<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <a href={x} target="_blank" rel="noopener noreferrer" className={button}>
        <span aria-hidden="true" className="font-bold">
          𝕏
        </span>
        X (Twitter)<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <button type="button" className={button} hidden data-share-url={url} data-share-title={title}>
        <Share2 className="h-4 w-4" aria-hidden="true" />
        Share
      </button>
    </div>
  );
}
