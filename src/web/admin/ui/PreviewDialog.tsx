import type { SyntheticEvent } from 'react';
import { Dialog } from './Dialog';

/** What the blog's previews say about the page they show (docs/product.md#drafting). */
export const POST_PREVIEW_DESCRIPTION = 'The post exactly as the public page will show it. Only staff can see this.';

/**
 * A public page as the server renders it with unsaved values: a post (docs/product.md#drafting)
 * or the site's facts (decision 0059). The HTML comes from the server's own renderer, without
 * scripts. The frame is sandboxed: scripts, forms, popups and navigation of the admin screen are
 * all refused. It keeps the site's origin only so that the site's own stylesheet and images load
 * (they are same-origin resources); without scripts that origin gives the frame nothing it could use.
 */
export function PreviewDialog({
  html,
  title,
  description,
  onClose,
}: {
  html: string | null;
  /** What is previewed: the frame is named `Preview of {title}`. */
  title: string;
  description: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={html !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Preview"
      description={description}
      wide
    >
      {html !== null && (
        <iframe
          title={`Preview of ${title}`}
          onLoad={(event) => closeOnEscapeInside(event, onClose)}
          sandbox="allow-same-origin"
          srcDoc={html}
          className="mt-4 h-[70vh] w-full rounded-md border border-slate-300 bg-white"
        />
      )}
    </Dialog>
  );
}

/**
 * A key pressed inside the frame stays in the frame's document, so the dialog's own Escape never
 * hears it once someone has clicked or tabbed into the preview. The frame shares our origin, so
 * this screen listens there too (its listener is ours: the frame's own scripts stay refused).
 */
function closeOnEscapeInside(event: SyntheticEvent<HTMLIFrameElement>, onClose: () => void) {
  event.currentTarget.contentDocument?.addEventListener('keydown', (key) => {
    if (key.key === 'Escape') onClose();
  });
}
