import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { BlogPost } from '../../../shared/blog';
import {
  type BlogPostData,
  type BlogPostInput,
  blogPostFormDefaults,
  blogPostInputSchema,
} from '../../../shared/blog-schemas';
import { utcToLondonLocal } from '../../../shared/london-time';
import { Dialog } from '../ui/Dialog';
import { AdminForm, Field, SelectField, TextField, useAdminForm, useFieldState } from '../ui/form';
import { FeaturedImageField } from './FeaturedImageField';
import { RichTextField } from './RichTextField';

export type FormValues = Required<{ [K in keyof BlogPostInput]: NonNullable<BlogPostInput[K]> }>;

/** Opening edit fills the form from the post, with empty defaults for missing optional fields. */
export function valuesFromPost(post: BlogPost): FormValues {
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
  onSubmit: (values: BlogPostData) => Promise<boolean>;
}

export function PostFormDialog({ mode, open, post, pending, onCancel, onSubmit }: PostFormDialogProps) {
  const [uploading, setUploading] = useState(false);
  // Remounts the editor when the form is refilled, since TipTap reads its content once.
  const [generation, setGeneration] = useState(0);
  const form = useAdminForm(blogPostInputSchema, { ...blogPostFormDefaults });
  const { control, reset } = form;

  useEffect(() => {
    if (!open) return;
    reset(post ? valuesFromPost(post) : { ...blogPostFormDefaults });
    setGeneration((value) => value + 1);
  }, [open, post, reset]);

  const submit = async (values: BlogPostData) => {
    if (uploading) return; // docs/product.md#blog-form: no saving while a featured image is uploading
    const saved = await onSubmit(values);
    if (saved && mode === 'create') {
      reset({ ...blogPostFormDefaults });
      setGeneration((value) => value + 1);
    }
  };

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
        if (!next) onCancel();
      }}
      title={mode === 'create' ? 'Create New Post' : 'Edit Post'}
    >
      <AdminForm form={form} idPrefix="post" onSubmit={submit} className="mt-4 space-y-4">
        <TextField name="title" label="Title *" />
        <TextField name="slug" label="URL Slug (optional)" placeholder="auto-generated-from-title" />
        <TextField name="excerpt" label="Excerpt *" rows={3} />
        <Field name="content" label="Content *" labelOnly>
          <ContentEditor generation={generation} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="author" label="Author *" />
          <TextField name="category" label="Category *" placeholder="For example Study Tips, Exam Prep" />
        </div>
        <SelectField
          name="published"
          label="Status"
          options={[
            { value: 'true', label: 'Published' },
            { value: 'false', label: 'Draft' },
          ]}
        />
        <Controller
          control={control}
          name="featuredImage"
          render={({ field, fieldState }) => (
            <FeaturedImageField
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldState.error?.message}
              onUploadingChange={setUploading}
            />
          )}
        />
        <TextField name="tags" label="Tags (comma-separated)" placeholder="GCSE, revision, maths" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="metaTitle" label="Meta Title (SEO)" />
          <TextField name="metaDescription" label="Meta Description (SEO)" />
        </div>
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
          <button
            type="button"
            onClick={onCancel}
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
