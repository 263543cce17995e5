import { Calendar, User } from '../../components/icons';
import { type BlogPostSummary, formatPostDate } from '../../../shared/blog/blog';
import { blogPostPath } from '../../../shared/routes';
import { ResponsiveImage } from '../../components/ResponsiveImage';

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className="inline-block rounded-full bg-blue-100 px-3 py-1 text-xs font-semibold text-blue-800">
      {category}
    </span>
  );
}

interface BlogCardProps {
  post: BlogPostSummary;
  headingLevel?: 'h2' | 'h3';
  /** The first card of a list: its image is likely the largest in view, so it is fetched first. */
  priority?: boolean;
}

/** One post in a list: the whole card is one link, named by the title. */
export function BlogCard({ post, headingLevel = 'h2', priority = false }: BlogCardProps) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {post.featuredImage ? (
        <ResponsiveImage
          src={post.featuredImage}
          alt=""
          // The card grid: three columns in the 80rem column from 1024 px, two from 640 px, else one.
          sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, calc(100vw - 2rem)"
          priority={priority}
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      ) : (
        <div className="aspect-video w-full bg-gradient-to-br from-blue-100 to-red-50" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <div>
          <CategoryBadge category={post.category} />
        </div>
        <Heading className="mt-3 text-lg font-bold text-slate-900 group-hover:text-blue-800">
          <a href={blogPostPath(post.slug)} className="after:absolute after:inset-0 focus:outline-none">
            {post.title}
          </a>
        </Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-slate-700">{post.excerpt}</p>
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <User className="h-4 w-4" aria-hidden="true" />
            {post.author}
          </span>
          {post.publishedAt && (
            <span className="inline-flex items-center gap-1">
              <Calendar className="h-4 w-4" aria-hidden="true" />
              <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
            </span>
          )}
        </p>
      </div>
    </article>
  );
}
