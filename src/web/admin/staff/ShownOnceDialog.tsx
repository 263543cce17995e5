import { useState } from 'react';
import { Dialog } from '../ui/Dialog';

/**
 * A secret shown this once (an invitation link with mail off, a new API token): copy it now,
 * because only its hash is kept.
 */
export function ShownOnceDialog({
  title,
  description,
  secret,
  onClose,
}: {
  title: string;
  description: string;
  secret: string | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <p
        className="mt-4 break-all rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-sm text-slate-900"
        data-secret
      >
        {secret}
      </p>
      <div className="mt-4 flex justify-end gap-3">
        <button
          type="button"
          // Without clipboard permission the text stays selectable in the box above.
          onClick={() =>
            void navigator.clipboard.writeText(secret ?? '').then(
              () => setCopied(true),
              () => undefined,
            )
          }
          className="rounded-md border border-slate-300 px-4 py-2 font-medium"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={onClose} className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white">
          Done
        </button>
      </div>
    </Dialog>
  );
}
