import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useImagesApi } from './api';
import { adminImagesQueries } from './queries';

/** Inside the delete confirmation: the posts that show the image (content or featured image), asked fresh each time. */
export function ImageUsageWarning({ imageId }: { imageId: number }) {
  const images = useImagesApi();
  const usage = useQuery(adminImagesQueries.usage(images, imageId));
  if (usage.isPending) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-700">
        Checking which blog posts use it...
      </p>
    );
  }
  if (usage.isError) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        Could not check which blog posts use this image.
      </p>
    );
  }
  const { posts } = usage.data;
  if (posts.length === 0) return <p className="mt-3 text-sm text-slate-700">No blog post uses this image.</p>;
  return (
    <div role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        Used in {posts.length} blog post{posts.length === 1 ? '' : 's'}:
      </p>
      <ul className="mt-1 list-disc pl-6">
        {posts.map((post) => (
          <li key={post.id} className="break-words">
            {post.title}
          </li>
        ))}
      </ul>
      <p className="mt-1">{posts.length === 1 ? 'It' : 'They'} will show a missing image until it is restored.</p>
    </div>
  );
}
