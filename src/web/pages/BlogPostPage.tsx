import { useQuery } from '@tanstack/react-query';
import { type BlogPost, formatPostDate, tagList } from '../../shared/blog/blog';
import { blogPostPath, paths } from '../../shared/routes';
import { ArrowLeft, Calendar, Tag, User } from '../components/icons';
import { ResponsiveImage } from '../components/ResponsiveImage';
import {
  articleImageSizes,
  BlogCard,
  blogQueries,
  CategoryBadge,
  postMeta,
  ShareButtons,
  withResponsiveImages,
} from '../features/blog';
import { useShell, useSiteApi } from '../lib/contexts';
import { Seo } from '../lib/seo';
import { useSiteFacts } from '../lib/site-data';
import type { PageProps } from '../route-types';

const backLink = (
  <a href={paths.blog} className="inline-flex min-h-11 items-center gap-2 font-semibold text-blue-800 hover:underline">
    <ArrowLeft className="h-4 w-4" aria-hidden="true" />
    Back to Blog
  </a>
);

/**
 * The post body is HTML the server has sanitised against the editor's allowlist, on write and
 * again when it was read for this page; that is what makes dangerouslySetInnerHTML safe here.
 */
const bodyClass =
  'mt-8 max-w-none text-lg leading-relaxed text-slate-800 [&_a]:text-blue-800 [&_a]:underline [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-blue-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6';

export function BlogPostPage({ params }: PageProps) {
  const slug = params.slug ?? '';
  const api = useSiteApi();
  const post = useQuery(blogQueries.post(api, slug));
  const { details } = useSiteFacts();

  // Rendered on the server only, after the post's prefetch: its data is here, or the read failed.
  if (post.isError || post.data === undefined) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Seo
          title={`Blog | ${details.name}`}
          description="This article could not be loaded."
          robots="noindex, nofollow"
        />
        {backLink}
        <h1 className="mt-6 text-3xl font-bold text-slate-900">Something went wrong</h1>
        <p role="alert" className="mt-4 text-slate-700">
          Error loading blog posts. Please try again later.
        </p>
      </div>
    );
  }
  if (!post.data) return <PostNotFound />;
  return <PostArticle post={post.data} />;
}

function PostNotFound() {
  const { details } = useSiteFacts();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <Seo
        title={`Blog Post Not Found | ${details.name}`}
        description="This article does not exist or is no longer available."
        robots="noindex, nofollow"
      />
      {backLink}
      <h1 className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">Blog Post Not Found</h1>
      <p className="mt-4 text-lg text-slate-700">
        The article you are looking for does not exist or is no longer available. Browse our other articles instead.
      </p>
      <a
        href={paths.blog}
        className="mt-8 inline-block rounded-full bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800"
      >
        Browse all articles
      </a>
    </div>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  const api = useSiteApi();
  const { publicUrl } = useShell();
  const { details } = useSiteFacts();
  const related = useQuery(blogQueries.related(api, post.slug));
  const tags = tagList(post.tags);
  const date = post.publishedAt ?? post.createdAt;

  return (
    <>
      <Seo {...postMeta(post, publicUrl, details)} />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {backLink}
        <header className="mt-6">
          <CategoryBadge category={post.category} />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{post.title}</h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-slate-700">
            <span className="inline-flex items-center gap-1">
              <Calendar className="h-4 w-4" aria-hidden="true" />
              <time dateTime={date}>{formatPostDate(date)}</time>
            </span>
            <span className="inline-flex items-center gap-1">
              <User className="h-4 w-4" aria-hidden="true" />
              {post.author}
            </span>
          </p>
          {tags.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
                >
                  <Tag className="h-3.5 w-3.5" aria-hidden="true" />
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-6">
            <ShareButtons url={`${publicUrl}${blogPostPath(post.slug)}`} title={post.title} />
          </div>
        </header>
        {post.featuredImage && (
          <ResponsiveImage
            src={post.featuredImage}
            alt=""
            sizes={articleImageSizes}
            priority
            className="mt-8 aspect-video w-full rounded-xl bg-slate-100 object-cover"
          />
        )}
        <div
          data-post-body
          className={bodyClass}
          dangerouslySetInnerHTML={{ __html: withResponsiveImages(post.content) }}
        />

        <aside className="mt-12 rounded-2xl bg-blue-50 p-6 sm:p-8" aria-labelledby="post-cta-heading">
          <h2 id="post-cta-heading" className="text-2xl font-bold text-slate-900">
            Want help for your child?
          </h2>
          <p className="mt-2 text-slate-700">
            Book a free assessment and we will show you where your child is now and what would help most.
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <a
              href={paths.freeAssessment}
              className="rounded-full bg-red-600 px-6 py-3 font-semibold text-white hover:bg-red-700"
            >
              Book A Free Assessment
            </a>
            <a
              href={paths.contact}
              className="rounded-full border border-blue-700 bg-white px-6 py-3 font-semibold text-blue-800 hover:bg-blue-50"
            >
              Contact Us
            </a>
          </div>
        </aside>
      </article>
      {related.data && related.data.length > 0 && (
        <section className="render-when-near bg-slate-50" aria-labelledby="related-heading">
          <div className="mx-auto max-w-7xl px-4 py-12">
            <h2 id="related-heading" className="text-2xl font-bold text-slate-900">
              Related articles
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.data.map((item) => (
                <BlogCard key={item.id} post={item} headingLevel="h3" />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
