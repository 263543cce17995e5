import { Eye } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { type BlogPost, formatPostDateTime } from '../../../shared/blog/blog';
import {
  type BlogPostData,
  type BlogPostFormValues,
  blogPostFormDefaults,
  blogPostInputSchema,
} from '../../../shared/blog/schemas';
import { utcToLondonLocal } from '../../../shared/london-time';
import { useSiteFacts } from '../../lib/site-data';
import { useAdminMutation } from '../admin-mutation';
import { useBlogApi } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { AdminForm, Field, SelectField, TextField, useAdminForm, useFieldState } from '../ui/form';
import { FeaturedImageField, useFeaturedImageUpload } from './FeaturedImageField';
import { clearLocalDraft, draftKey, type LocalDraft, readLocalDraft, writeLocalDraft } from './local-draft';
import { POST_PREVIEW_DESCRIPTION, PreviewDialog } from '../ui/PreviewDialog';
import { RevisionsPanel } from './RevisionsPanel';
import { RichTextField } from './RichTextField';

/** Opening edit fills the form from the post, with empty defaults for missing optional fields. */
export function valuesFromPost(post: BlogPost): BlogPostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    author: post.author,
    category: post.category,
    published: post.published,
    featuredImage: post.featuredImage ?? '',
    tags: post.tags ?? '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    publishedAt: post.publishedAt ? utcToLondonLocal(post.publishedAt) : '',
  };
}

export interface PostFormDialogProps {
  mode: 'create' | 'edit';
  open: boolean;
  post?: BlogPost | null;
  pending: boolean;
  onCancel: () => void;
  /** Saves; `saved` is called once the server has the post. */
  onSubmit: (values: BlogPostData, saved: () => void) => void;
  /** Edit only: a revision was restored, so this is the post now. */
  onRestored?: (post: BlogPost) => void;
}

/** How long typing must pause before the local copy is written. */
const autosaveDelayMs = 800;

const changedFrom = (values: BlogPostFormValues, start: BlogPostFormValues) =>
  (Object.keys(start) as (keyof BlogPostFormValues)[]).some((name) => (values[name] ?? '') !== start[name]);

export function PostFormDialog({ mode, open, post, pending, onCancel, onSubmit, onRestored }: PostFormDialogProps) {
  const blog = useBlogApi();
  const featuredUpload = useFeaturedImageUpload();
  const uploading = featuredUpload.isPending;
  // Remounts the editor when the form is refilled, since TipTap reads its content once.
  const [generation, setGeneration] = useState(0);
  const businessName = useSiteFacts().details.name;
  const defaults = useMemo(() => blogPostFormDefaults(businessName), [businessName]);
  const form = useAdminForm(blogPostInputSchema, { ...defaults });
  const { control, reset, getValues, watch } = form;
  const key = draftKey(mode === 'edit' ? post?.id : undefined);
  // What the form was filled with: "unsaved changes" means the values differ from these.
  const start = useRef<BlogPostFormValues>({ ...defaults });
  const wasOpen = useRef(false);
  const [offered, setOffered] = useState<LocalDraft | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [previewHtml, setPreviewHtml] = useState<string | null>(null);
  const preview = useAdminMutation({
    mutationFn: (values: BlogPostData) => blog.preview({ id: mode === 'edit' ? post?.id : undefined, input: values }),
    failure: { title: 'Error', fallback: 'The preview could not be shown' },
    onSuccess: setPreviewHtml,
  });

  const hasChanges = useCallback(() => changedFrom(getValues() as BlogPostFormValues, start.current), [getValues]);

  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!open) return;
    start.current = post ? valuesFromPost(post) : { ...defaults };
    reset(start.current);
    setGeneration((value) => value + 1);
    // Only on opening: a save refills the form too, and must not offer the copy it just made.
    if (opening) {
      const draft = readLocalDraft(key);
      setOffered(draft && changedFrom(draft.values, start.current) ? draft : null);
    }
  }, [open, post, reset, key, defaults]);

  // The local copy (local-draft.ts), written once typing pauses, only while it differs from the post.
  useEffect(() => {
    if (!open) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (hasChanges()) writeLocalDraft(key, getValues() as BlogPostFormValues);
      }, autosaveDelayMs);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [open, key, watch, getValues, hasChanges]);

  // Closing the tab or reloading with unsaved changes: the browser asks first.
  useEffect(() => {
    if (!open) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasChanges()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open, hasChanges]);

  const requestClose = () => {
    if (hasChanges()) setConfirmingClose(true);
    else onCancel();
  };

  const discardAndClose = () => {
    clearLocalDraft(key);
    setConfirmingClose(false);
    onCancel();
  };

  const restoreOffered = () => {
    if (!offered) return;
    // The post's values stay the baseline, so the restored copy counts as unsaved changes.
    reset({ ...start.current, ...offered.values }, { keepDefaultValues: true });
    setGeneration((value) => value + 1);
    setOffered(null);
  };

  const discardOffered = () => {
    clearLocalDraft(key);
    setOffered(null);
  };

  const submit = (values: BlogPostData) => {
    if (uploading) return; // docs/product.md#blog-form: no saving while a featured image is uploading
    onSubmit(values, () => {
      clearLocalDraft(key);
      if (mode === 'create') {
        start.current = { ...defaults };
        reset(start.current);
        setGeneration((value) => value + 1);
      }
    });
  };

  const showPreview = form.handleSubmit((values) => preview.mutate(values));

  const submitLabel =
    mode === 'create'
      ? pending
        ? 'Creating...'
        : 'Create Post'
      : uploading
        ? 'Image Uploading...'
        : pending
          ? 'Updating...'
          : 'Update Post';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) requestClose();
      }}
      title={mode === 'create' ? 'Create New Post' : 'Edit Post'}
    >
      {offered && (
        <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p>
            This browser kept an unsaved copy of this post from{' '}
            <time dateTime={offered.savedAt}>{formatPostDateTime(offered.savedAt)}</time>.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={restoreOffered}
              className="rounded-md bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800"
            >
              Restore unsaved copy
            </button>
            <button
              type="button"
              onClick={discardOffered}
              className="rounded-md border border-amber-700 px-3 py-1.5 text-sm font-semibold text-amber-950 hover:bg-amber-100"
            >
              Discard it
            </button>
          </div>
        </div>
      )}
      <AdminForm form={form} idPrefix="post" onSubmit={submit} className="mt-4 space-y-4">
        <TextField name="title" label="Title *" />
        <TextField
          name="slug"
          label="Web address (optional)"
          placeholder="auto-generated-from-title"
          hint="The end of the post's address, after /blog/. Empty: made from the title."
        />
        <TextField name="excerpt" label="Excerpt *" rows={3} />
        <Field name="content" label="Content *" labelOnly>
          <ContentEditor generation={generation} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="author" label="Author *" />
          <TextField name="category" label="Category *" placeholder="For example Study Tips, Exam Prep" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="published"
            label="Status"
            options={[
              { value: 'true', label: 'Published' },
              { value: 'false', label: 'Draft' },
            ]}
          />
          <TextField
            name="publishedAt"
            type="datetime-local"
            label="Publication time (UK)"
            hint="Empty: when first published. A future time schedules the post."
          />
        </div>
        <Controller
          control={control}
          name="featuredImage"
          render={({ field, fieldState }) => (
            <FeaturedImageField
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldState.error?.message}
              upload={featuredUpload}
            />
          )}
        />
        <TextField name="tags" label="Tags (comma-separated)" placeholder="GCSE, revision, maths" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="metaTitle"
            label="Title in search results"
            hint="Empty: the post's title and the blog's name."
          />
          <TextField name="metaDescription" label="Description in search results" hint="Empty: the excerpt." />
        </div>
        {mode === 'edit' && post && onRestored && (
          <RevisionsPanel post={post} hasUnsavedChanges={hasChanges} onRestored={onRestored} />
        )}
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
          <button
            type="button"
            onClick={() => void showPreview()}
            disabled={preview.isPending}
            className="mr-auto inline-flex items-center gap-1 rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            <Eye className="h-4 w-4" aria-hidden="true" /> {preview.isPending ? 'Preparing...' : 'Preview'}
          </button>
          <button
            type="button"
            onClick={requestClose}
            className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={pending || uploading}
            className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {submitLabel}
          </button>
        </div>
      </AdminForm>
      <ConfirmDialog
        open={confirmingClose}
        title="Discard unsaved changes?"
        description="This post has changes that are not saved. Closing now loses them."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        pendingLabel="Discarding..."
        pending={false}
        onConfirm={discardAndClose}
        onCancel={() => setConfirmingClose(false)}
      />
      <PreviewDialog
        html={previewHtml}
        title={getValues('title') ?? ''}
        description={POST_PREVIEW_DESCRIPTION}
        onClose={() => setPreviewHtml(null)}
      />
    </Dialog>
  );
}

/** The rich-text editor as the form's Content field (its label is the Field's span). */
function ContentEditor({ generation }: { generation: number }) {
  const { id, error, errorId } = useFieldState('content');
  return (
    <Controller
      name="content"
      render={({ field }) => (
        <RichTextField
          key={generation}
          id={id}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          invalid={!!error}
          describedBy={error ? errorId : undefined}
          focusRef={field.ref}
        />
      )}
    />
  );
}
