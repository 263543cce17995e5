import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { UploadProgress } from '../../lib/upload-with-progress';

/**
 * What an upload under way shows: the chosen file's thumbnail and a progress bar. `track(file)`
 * starts it and answers the `onProgress` to hand the upload; `clear()` ends it.
 */
export function useUploadProgress() {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const track = useCallback((chosen: File) => {
    setFile(chosen);
    setPercent(0);
    return ({ sent, total }: UploadProgress) => setPercent(total > 0 ? Math.round((sent / total) * 100) : 0);
  }, []);
  const clear = useCallback(() => setFile(null), []);
  return { file, percent, track, clear };
}

/** The chosen file as a picture (the browser's own copy, nothing is fetched). */
export function FileThumbnail({ file, className = 'h-16 w-16' }: { file: File; className?: string }) {
  const address = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(address), [address]);
  return (
    <img
      src={address}
      alt={`Chosen file: ${file.name}`}
      className={`${className} shrink-0 rounded border border-slate-200 bg-slate-50 object-cover`}
    />
  );
}

/** The thumbnail beside a labelled progress bar: "Uploading photo.jpg: 45%". */
export function UploadProgressBar({ file, percent }: { file: File; percent: number }) {
  const id = useId();
  return (
    <div className="mt-3 flex items-center gap-3" data-testid="upload-progress">
      <FileThumbnail file={file} />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block truncate text-sm text-slate-800">
          {percent >= 100 ? `Processing ${file.name}...` : `Uploading ${file.name}: ${percent}%`}
        </label>
        <progress id={id} max={100} value={percent} className="mt-1 h-2 w-full accent-blue-700">
          {percent}%
        </progress>
      </div>
    </div>
  );
}
