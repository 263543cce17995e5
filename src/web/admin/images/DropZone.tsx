import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { ImageCategory } from '../../../shared/images/images';
import { isImageFile, rejectNonImage, useImageActions } from './use-image-actions';
import { UploadProgressBar, useUploadProgress } from '../ui/UploadProgress';

/** Drop an image here to upload it at once, filed under the chosen category. */
export function DropZone({ category }: { category: ImageCategory }) {
  const { upload } = useImageActions();
  const progress = useUploadProgress();
  const [over, setOver] = useState(false);
  return (
    <div
      data-testid="image-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (!file) return;
        if (!isImageFile(file)) return rejectNonImage();
        upload.mutate({ file, altText: '', category, onProgress: progress.track(file) }, { onSettled: progress.clear });
      }}
      className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center ${
        over ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-slate-50'
      }`}
    >
      <Upload className="h-8 w-8 text-slate-600" aria-hidden />
      <p className="font-medium text-slate-800">
        {upload.isPending ? 'Uploading...' : 'Drag and drop an image here to upload it'}
      </p>
      <p className="text-sm text-slate-600">JPEG, PNG, WebP, GIF or AVIF</p>
      {progress.file && (
        <div className="w-full max-w-sm text-left">
          <UploadProgressBar file={progress.file} percent={progress.percent} />
        </div>
      )}
    </div>
  );
}
