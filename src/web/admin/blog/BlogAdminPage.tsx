import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { BlogPost } from '../../../shared/blog/blog';
import type { BlogPostData } from '../../../shared/blog/schemas';
import { useAdminMutation } from '../admin-mutation';
import { useBlogApi } from './api';
import { PostCard, PostCardSkeleton } from './PostCard';
import { PostFormDialog } from './PostFormDialog';
import { POST_PREVIEW_DESCRIPTION, PreviewDialog } from '../ui/PreviewDialog';
import { adminBlogQueries } from './queries';
import { BackToAdmin } from '../ui/BackToAdmin';

/** /admin/blog: docs/product.md#blog-admin. */
export function BlogAdminPage() {
  const blog = useBlogApi();
  const posts = useQuery(adminBlogQueries.list(blog));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<BlogPost | null>(null);
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);

  // After any change the admin list is refetched; public pages are the server's, which a staff write renews.
  const invalidates = [adminBlogQueries.all()];
  const create = useAdminMutation({
    mutationFn: (values: BlogPostData) => blog.create(values),
    success: { title: 'Success!', description: 'Blog post created successfully.' },
    failure: { title: 'Error', fallback: 'Failed to create blog post' },
    invalidates,
  });
  const update = useAdminMutation({
    mutationFn: ({ id, values }: { id: number; values: BlogPostData }) => blog.update(id, values),
    success: { title: 'Success!', description: 'Blog post updated successfully.' },
    failure: { title: 'Error', fallback: 'Failed to update blog post' },
    invalidates,
  });
  const remove = useAdminMutation({
    mutationFn: (id: number) => blog.remove(id),
    success: { title: 'Success!', description: 'Blog post deleted successfully.' },
    failure: { title: 'Error', fallback: 'Failed to delete blog post' },
    invalidates,
  });
  const showPreview = useAdminMutation({
    mutationFn: async (post: BlogPost) => ({ title: post.title, html: await blog.preview({ id: post.id }) }),
    failure: { title: 'Error', fallback: 'The preview could not be shown' },
    onSuccess: setPreview,
  });

  const submitCreate = (values: BlogPostData, saved: () => void) =>
    create.mutate(values, {
      onSuccess: () => {
        setCreating(false);
        saved();
      },
    });

  const submitUpdate = (values: BlogPostData, saved: () => void) => {
    if (!editing) return;
    update.mutate(
      { id: editing.id, values },
      {
        // The dialog stays open on success (docs/product.md#blog-admin), showing what was saved.
        onSuccess: (post) => {
          setEditing(post);
          saved();
        },
      },
    );
  };

  const confirmDelete = (post: BlogPost) => {
    if (
      window.confirm(
        `Are you sure you want to delete "${post.title}"? It will be moved to the Bin. You can restore it from there for 30 days.`,
      )
    )
      remove.mutate(post.id);
  };

  const list = posts.data ?? [];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <BackToAdmin />
          <h1 className="mt-2 text-3xl font-bold text-slate-900">Blog Management</h1>
        </div>
        <button
          type="button"
          onClick={() => setCreating(true)}
          className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Create New Post
        </button>
      </div>

      <div className="mt-8">
        {posts.isPending ? (
          <ul className="space-y-4" aria-busy="true" aria-label="Loading blog posts">
            {[0, 1, 2].map((index) => (
              <PostCardSkeleton key={index} />
            ))}
          </ul>
        ) : posts.isError ? (
          <div role="alert" className="rounded-xl bg-red-50 p-6">
            <p className="text-red-800">Error loading blog posts. Please check your admin access.</p>
            <div className="mt-3">
              <BackToAdmin />
            </div>
          </div>
        ) : list.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-xl font-semibold text-slate-900">No blog posts yet</h2>
            <p className="mt-2 text-slate-700">Create your first blog post to get started.</p>
            <button
              type="button"
              onClick={() => setCreating(true)}
              className="mt-5 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
            >
              Create First Post
            </button>
          </div>
        ) : (
          <>
            <p className="mb-4 text-slate-700">
              {list.length} blog {list.length === 1 ? 'post' : 'posts'}
            </p>
            <ul className="space-y-4">
              {list.map((post) => (
                <PostCard
                  key={post.id}
                  post={post}
                  onEdit={() => setEditing(post)}
                  onPreview={() => showPreview.mutate(post)}
                  onDelete={() => confirmDelete(post)}
                />
              ))}
            </ul>
          </>
        )}
      </div>

      <PostFormDialog
        mode="create"
        open={creating}
        pending={create.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={submitCreate}
      />
      <PostFormDialog
        mode="edit"
        open={editing !== null}
        post={editing}
        pending={update.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={submitUpdate}
        onRestored={setEditing}
      />
      <PreviewDialog
        html={preview?.html ?? null}
        title={preview?.title ?? ''}
        description={POST_PREVIEW_DESCRIPTION}
        onClose={() => setPreview(null)}
      />
    </div>
  );
}
