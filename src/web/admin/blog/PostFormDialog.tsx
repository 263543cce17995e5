import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { BlogPost } from '../../../shared/blog';
import {
  type BlogPostData,
  type BlogPostInput,
  blogPostFormDefaults,
  blogPostInputSchema,
} from '../../../shared/blog-schema';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
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
  };
}

const inputClass = 'mt-1 w-full rounded-md border px-3 py-2 text-slate-900';
const border = (invalid: boolean) => (invalid ? 'border-red-600' : 'border-slate-400');

export interface PostFormDialogProps {
  mode: 'create' | 'edit';
  open: boolean;
  post?: BlogPost | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: BlogPostData) => Promise<boolean>;
  uploadImage: (file: File) => Promise<string>;
}

export function PostFormDialog({ mode, open, post, pending, onCancel, onSubmit, uploadImage }: PostFormDialogProps) {
  const [uploading, setUploading] = useState(false);
  // Remounts the editor when the form is refilled, since TipTap reads its content once.
  const [generation, setGeneration] = useState(0);
  const form = useForm<BlogPostInput, unknown, BlogPostData>({
    resolver: zodResolver(blogPostInputSchema),
    defaultValues: { ...blogPostFormDefaults },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { register, handleSubmit, control, reset, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset(post ? valuesFromPost(post) : { ...blogPostFormDefaults });
    setGeneration((value) => value + 1);
  }, [open, post, reset]);

  const submit = handleSubmit(async (values) => {
    if (uploading) return; // SPEC.md section 5: no saving while a featured image is uploading
    const saved = await onSubmit(values);
    if (saved && mode === 'create') {
      reset({ ...blogPostFormDefaults });
      setGeneration((value) => value + 1);
    }
  });

  const error = (name: keyof FormValues) =>
    errors[name]?.message ? (
      <p id={`post-${name}-error`} className="mt-1 text-sm text-red-700">
        {String(errors[name]?.message)}
      </p>
    ) : null;
  const aria = (name: keyof FormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `post-${name}-error` : undefined,
  });

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
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div>
          <label htmlFor="post-title" className="font-medium text-slate-900">
            Title *
          </label>
          <input
            id="post-title"
            {...register('title')}
            {...aria('title')}
            className={`${inputClass} ${border(!!errors.title)}`}
          />
          {error('title')}
        </div>
        <div>
          <label htmlFor="post-slug" className="font-medium text-slate-900">
            URL Slug (optional)
          </label>
          <input
            id="post-slug"
            {...register('slug')}
            {...aria('slug')}
            placeholder="auto-generated-from-title"
            className={`${inputClass} ${border(!!errors.slug)}`}
          />
          {error('slug')}
        </div>
        <div>
          <label htmlFor="post-excerpt" className="font-medium text-slate-900">
            Excerpt *
          </label>
          <textarea
            id="post-excerpt"
            rows={3}
            {...register('excerpt')}
            {...aria('excerpt')}
            className={`${inputClass} ${border(!!errors.excerpt)}`}
          />
          {error('excerpt')}
        </div>
        <div>
          <span id="post-content-label" className="font-medium text-slate-900">
            Content *
          </span>
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <RichTextField
                key={generation}
                id="post-content"
                value={field.value ?? ''}
                onChange={field.onChange}
                invalid={!!errors.content}
                describedBy={errors.content ? 'post-content-error' : undefined}
                focusRef={field.ref}
              />
            )}
          />
          {error('content')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="post-author" className="font-medium text-slate-900">
              Author *
            </label>
            <input
              id="post-author"
              {...register('author')}
              {...aria('author')}
              className={`${inputClass} ${border(!!errors.author)}`}
            />
            {error('author')}
          </div>
          <div>
            <label htmlFor="post-category" className="font-medium text-slate-900">
              Category *
            </label>
            <input
              id="post-category"
              {...register('category')}
              {...aria('category')}
              placeholder="For example Study Tips, Exam Prep"
              className={`${inputClass} ${border(!!errors.category)}`}
            />
            {error('category')}
          </div>
        </div>
        <div>
          <label htmlFor="post-status" className="font-medium text-slate-900">
            Status
          </label>
          <Controller
            control={control}
            name="published"
            render={({ field }) => (
              <Select
                id="post-status"
                value={field.value ?? 'true'}
                onChange={field.onChange}
                options={[
                  { value: 'true', label: 'Published' },
                  { value: 'false', label: 'Draft' },
                ]}
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="featuredImage"
          render={({ field }) => (
            <FeaturedImageField
              value={field.value ?? ''}
              onChange={field.onChange}
              error={errors.featuredImage?.message}
              uploadImage={uploadImage}
              onUploadingChange={setUploading}
            />
          )}
        />
        <div>
          <label htmlFor="post-tags" className="font-medium text-slate-900">
            Tags (comma-separated)
          </label>
          <input
            id="post-tags"
            {...register('tags')}
            placeholder="GCSE, revision, maths"
            className={`${inputClass} ${border(!!errors.tags)}`}
          />
          {error('tags')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="post-meta-title" className="font-medium text-slate-900">
              Meta Title (SEO)
            </label>
            <input
              id="post-meta-title"
              {...register('metaTitle')}
              className={`${inputClass} ${border(!!errors.metaTitle)}`}
            />
            {error('metaTitle')}
          </div>
          <div>
            <label htmlFor="post-meta-description" className="font-medium text-slate-900">
              Meta Description (SEO)
            </label>
            <input
              id="post-meta-description"
              {...register('metaDescription')}
              className={`${inputClass} ${border(!!errors.metaDescription)}`}
            />
            {error('metaDescription')}
          </div>
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
      </form>
    </Dialog>
  );
}
