/**
 * A dialog form's Cancel and submit buttons; while `pending` the submit button is disabled and
 * shows `pendingLabel` (docs/product.md#image-manager: 'Saving...', 'Uploading...').
 */
export function DialogActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  className = '',
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <div className={`flex justify-end gap-3 ${className}`}>
      <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 font-medium">
        Cancel
      </button>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
