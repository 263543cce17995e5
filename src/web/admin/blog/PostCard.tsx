import { Eye, FileSearch, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { type BlogPost, formatPostDateTime, type PostStatus, postStatus } from '../../../shared/blog/blog';
import { systemClock } from '../../../shared/clock';
import { blogPostPath } from '../../../shared/routes';

const action = 'inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-semibold';

const statusStyle: Record<PostStatus, string> = {
  Published: 'bg-green-100 text-green-900',
  Scheduled: 'bg-violet-100 text-violet-900',
  Draft: 'bg-amber-100 text-amber-900',
};

export function PostCard({
  post,
  onEdit,
  onPreview,
  onDelete,
}: {
  post: BlogPost;
  onEdit: () => void;
  onPreview: () => void;
  onDelete: () => void;
}) {
  const status = postStatus(post, systemClock());
  const published = status === 'Published';
  return (
    <li
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row"
      data-testid="admin-post-card"
    >
      {post.featuredImage && (
        <img src={post.featuredImage} alt="" className="h-24 w-full rounded-md object-cover sm:w-36" loading="lazy" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap gap-2">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyle[status]}`}>{status}</span>
          <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900">
            {post.category}
          </span>
        </div>
        <h2 className="mt-2 text-lg font-bold text-slate-900">{post.title}</h2>
        <p className="text-sm text-slate-700">
          {`By ${post.author} · `}
          <time dateTime={post.createdAt}>{formatPostDateTime(post.createdAt)}</time>
        </p>
        {status === 'Scheduled' && post.publishedAt && (
          <p className="text-sm font-semibold text-violet-900">
            {'Appears '}
            <time dateTime={post.publishedAt}>{formatPostDateTime(post.publishedAt)}</time>
          </p>
        )}
        <p className="mt-2 line-clamp-2 text-slate-700">{post.excerpt}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-start gap-2">
        {published && (
          <Link
            href={blogPostPath(post.slug)}
            className={`${action} border-slate-400 text-slate-800 hover:bg-slate-50`}
          >
            <Eye className="h-4 w-4" aria-hidden="true" /> View<span className="sr-only"> {post.title}</span>
          </Link>
        )}
        <button
          type="button"
          onClick={onPreview}
          className={`${action} border-slate-400 text-slate-800 hover:bg-slate-50`}
        >
          <FileSearch className="h-4 w-4" aria-hidden="true" /> Preview<span className="sr-only"> {post.title}</span>
        </button>
        <button
          type="button"
          onClick={onEdit}
          className={`${action} border-slate-400 text-slate-800 hover:bg-slate-50`}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit<span className="sr-only"> {post.title}</span>
        </button>
        <button type="button" onClick={onDelete} className={`${action} border-red-300 text-red-800 hover:bg-red-50`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete<span className="sr-only"> {post.title}</span>
        </button>
      </div>
    </li>
  );
}

export function PostCardSkeleton() {
  return (
    <li className="animate-pulse rounded-xl border border-slate-200 bg-white p-4" aria-hidden="true">
      <div className="h-4 w-32 rounded bg-slate-200" />
      <div className="mt-3 h-6 w-2/3 rounded bg-slate-200" />
      <div className="mt-2 h-4 w-full rounded bg-slate-200" />
    </li>
  );
}
