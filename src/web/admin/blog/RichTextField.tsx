import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

// TipTap is the largest part of the admin area: it loads only when a post dialog opens.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div
          className="min-h-[200px] animate-pulse rounded-md bg-slate-200"
          data-testid="editor-placeholder"
          aria-hidden="true"
        />
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
