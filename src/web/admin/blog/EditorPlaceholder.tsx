/** The line of help under the editor, shown from the first moment (with the placeholder too). */
export function EditorHint() {
  return (
    <p className="mt-1 text-xs text-slate-600">
      Click the image button to insert images, or click an existing image to replace it.
    </p>
  );
}

/**
 * docs/product.md#rich-text-editor: a grey pulsing block at least 200px tall until the editor is
 * ready. It takes the editor's own height (a toolbar strip of 41px with its border and a 200px body, with their
 * borders), so nothing below moves when the editor arrives: a moving Create Post button let a
 * quick click land on nothing.
 */
export function EditorPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="editor-placeholder">
      <div className="animate-pulse rounded-md border border-slate-200 bg-slate-200">
        <div className="h-[41px] border-b border-slate-300" />
        <div className="min-h-[200px]" />
      </div>
      <EditorHint />
    </div>
  );
}
