// The blog's public side: the list and post pages' parts, their queries and the route table's
// prefetchers. The only way into this folder from outside it (decision 0067).
export { BlogCard, CategoryBadge } from './BlogCard';
export { BlogFallback } from './BlogFallback';
export { BlogFilters } from './BlogFilters';
export { Pagination } from './Pagination';
export { ShareButtons } from './ShareButtons';
export { blogFeedAlternate, postMeta } from './post-meta';
export { prefetchBlogList, prefetchBlogPost } from './prefetch';
export { blogQueries } from './queries';
export { articleImageSizes, withResponsiveImages } from './responsive-body';
