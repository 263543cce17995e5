import { Dialog } from '../ui/Dialog';

/**
 * The public page of a post as staff will publish it (docs/product.md#drafting). The HTML comes
 * from the server's own renderer, without scripts. The frame is sandboxed: scripts, forms, popups
 * and navigation of the admin screen are all refused. It keeps the site's origin only so that the
 * site's own stylesheet and images load (they are same-origin resources); without scripts that
 * origin gives the frame nothing it could use.
 */
export function PreviewDialog({ html, title, onClose }: { html: string | null; title: string; onClose: () => void }) {
  return (
    <Dialog
      open={html !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Preview"
      description="The post exactly as the public page will show it. Only staff can see this."
      wide
    >
      {html !== null && (
        <iframe
          title={`Preview of ${title}`}
          sandbox="allow-same-origin"
          srcDoc={html}
          className="mt-4 h-[70vh] w-full rounded-md border border-slate-300 bg-white"
        />
      )}
    </Dialog>
  );
}
