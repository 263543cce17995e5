import { Dialog } from '../ui/Dialog';

/**
 * The public page of a post as staff will publish it (docs/product.md#preview). The HTML comes
 * from the server's own renderer; the frame is sandboxed with no permissions, so the page's
 * scripts never run and it cannot reach the admin screen or its session.
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
          sandbox=""
          srcDoc={html}
          className="mt-4 h-[70vh] w-full rounded-md border border-slate-300 bg-white"
        />
      )}
    </Dialog>
  );
}
