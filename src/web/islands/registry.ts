import type { ComponentType } from 'react';

/**
 * Every island, by the name its marker carries in the page (`data-island`), with how the browser
 * fetches its component: each one is a chunk of its own, loaded only on a page that shows it
 * (docs/decisions/0038-islands.md). A new island is one line here and an `<Island>` where it renders.
 */
export const islandLoaders = {
  AssessmentForm: () => import('../features/enquiries/AssessmentForm').then((module) => module.AssessmentForm),
  CallbackForm: () => import('../features/enquiries/CallbackForm').then((module) => module.CallbackForm),
  ContactForm: () => import('../features/enquiries/ContactForm').then((module) => module.ContactForm),
  TestimonialCarousel: () =>
    import('../components/sections/TestimonialCarousel').then((module) => module.TestimonialCarousel),
  ToastRegion: () => import('../components/ui/toaster').then((module) => module.ToastRegion),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islandLoaders;
