import Image from '@tiptap/extension-image';
import { GapCursor } from '@tiptap/pm/gapcursor';
import { Selection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, ImagePlus, Italic, List, ListOrdered, Quote, Redo2, Undo2 } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import type { ImageRecord } from '../../../shared/images/images';
import { AltTextPrompt } from './AltTextPrompt';
import { EditorHint, EditorPlaceholder } from './EditorPlaceholder';
import { ImagePickerPanel } from './ImagePickerPanel';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  id: string;
  invalid?: boolean;
  describedBy?: string;
  /** The form's ref: it calls focus() when Content is the first invalid field. */
  focusRef?: (instance: { focus(): void } | null) => void;
}

type PickerMode = { mode: 'insert' } | { mode: 'replace'; pos: number } | null;

/**
 * TipTap trimmed to what the toolbar offers plus links, so the HTML it produces is exactly what
 * the server's sanitiser allows (src/server/features/blog/sanitize.ts): nothing is lost on save.
 */
const extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    undoRedo: { depth: 100, newGroupDelay: 500 },
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto'],
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
  Image.configure({ allowBase64: false }),
];

export default function RichTextEditor({ value, onChange, id, invalid, describedBy, focusRef }: RichTextEditorProps) {
  const [picker, setPicker] = useState<PickerMode>(null);
  // The address of an image just inserted without a description: the editor asks for one.
  const [undescribed, setUndescribed] = useState<string | null>(null);
  const editor = useEditor({
    extensions,
    content: value,
    // Admin screens render only in the browser, but TipTap still asks: render after mount.
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class:
          'min-h-[200px] px-3 py-2 outline-none [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_img]:max-h-60 [&_img]:cursor-pointer [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_img.ProseMirror-selectednode]:ring-2 [&_img.ProseMirror-selectednode]:ring-blue-600',
      },
      // Clicking an image in the body opens the picker to replace that image (docs/product.md#rich-text-editor).
      handleClickOn: (_view, _pos, node, nodePos) => {
        if (node.type.name !== 'image') return false;
        setPicker({ mode: 'replace', pos: nodePos });
        return false;
      },
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      blockquote: current?.isActive('blockquote') ?? false,
      canUndo: current?.can().undo() ?? false,
      canRedo: current?.can().redo() ?? false,
    }),
  });

  useEffect(() => {
    if (!editor) return;
    focusRef?.({ focus: () => editor.commands.focus() });
    return () => focusRef?.(null);
  }, [editor, focusRef]);

  if (!editor || !state) return <EditorPlaceholder />;

  // The library's alt text goes with the image (docs/product.md#rich-text-editor); none means we ask.
  const choose = ({ path: src, altText }: ImageRecord) => {
    const alt = altText.trim();
    if (picker?.mode === 'replace') {
      editor.chain().focus().setNodeSelection(picker.pos).setImage({ src, alt }).run();
    } else {
      // The inserted image would stay selected, and the next key typed would replace it: the
      // cursor goes after it instead (the next text, or the gap after the last block).
      editor
        .chain()
        .focus()
        .setImage({ src, alt })
        .command(({ tr }) => {
          const $after = tr.doc.resolve(tr.selection.to);
          const next = Selection.findFrom($after, 1, true);
          if (next) tr.setSelection(next);
          else tr.setSelection(new GapCursor($after));
          return true;
        })
        .run();
    }
    setPicker(null);
    setUndescribed(alt ? null : src);
  };

  /** Gives every image at `src` still without a description this one. */
  const describe = (src: string, alt: string) => {
    const { state, view } = editor;
    const transaction = state.tr;
    state.doc.descendants((node, pos) => {
      if (node.type.name === 'image' && node.attrs.src === src && !node.attrs.alt) {
        transaction.setNodeMarkup(pos, undefined, { ...node.attrs, alt });
      }
    });
    view.dispatch(transaction);
    setUndescribed(null);
  };

  return (
    <div>
      <div
        className={`rounded-md border bg-white ${invalid ? 'border-red-600' : 'border-slate-400'} focus-within:ring-2 focus-within:ring-blue-600`}
      >
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={id}
          className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
        >
          <ToolButton
            label="Bold"
            Icon={Bold}
            active={state.bold}
            onClick={() => editor.chain().focus().toggleBold().run()}
          />
          <ToolButton
            label="Italic"
            Icon={Italic}
            active={state.italic}
            onClick={() => editor.chain().focus().toggleItalic().run()}
          />
          <ToolButton
            label="Bullet list"
            Icon={List}
            active={state.bulletList}
            onClick={() => editor.chain().focus().toggleBulletList().run()}
          />
          <ToolButton
            label="Ordered list"
            Icon={ListOrdered}
            active={state.orderedList}
            onClick={() => editor.chain().focus().toggleOrderedList().run()}
          />
          <ToolButton
            label="Blockquote"
            Icon={Quote}
            active={state.blockquote}
            onClick={() => editor.chain().focus().toggleBlockquote().run()}
          />
          <ToolButton label="Insert image" Icon={ImagePlus} onClick={() => setPicker({ mode: 'insert' })} />
          <ToolButton
            label="Undo"
            Icon={Undo2}
            disabled={!state.canUndo}
            onClick={() => editor.chain().focus().undo().run()}
          />
          <ToolButton
            label="Redo"
            Icon={Redo2}
            disabled={!state.canRedo}
            onClick={() => editor.chain().focus().redo().run()}
          />
        </div>
        <EditorContent editor={editor} />
      </div>
      <EditorHint />
      {picker && (
        <ImagePickerPanel
          heading={picker.mode === 'replace' ? 'Replace Image' : 'Insert Image'}
          onSelect={choose}
          onClose={() => setPicker(null)}
        />
      )}
      {undescribed && (
        <AltTextPrompt
          key={undescribed}
          onDescribe={(alt) => describe(undescribed, alt)}
          onSkip={() => setUndescribed(null)}
        />
      )}
    </div>
  );
}

function ToolButton({
  label,
  Icon,
  onClick,
  active,
  disabled,
}: {
  label: string;
  Icon: ComponentType<{ className?: string }>;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      {...(active === undefined ? {} : { 'aria-pressed': active })}
      className={`rounded p-2 text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 ${active ? 'bg-blue-100 text-blue-900' : ''}`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
