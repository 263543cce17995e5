import { lazy, Suspense } from 'react';
import { EditorPlaceholder } from './EditorPlaceholder';
import type { RichTextEditorProps } from './RichTextEditor';

// TipTap is the largest part of the admin area: it loads only when a post dialog opens.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
