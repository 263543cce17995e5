import type { ComponentType } from 'react';
import type { IslandName } from '../lib/island';

/**
 * Every island, by the name its marker carries in the page (`data-island`), with how the browser
 * fetches its component: each one is a chunk of its own, loaded only on a page that shows it
 * (docs/decisions/0038-islands.md). A new island is its name in `IslandName` (lib/island.tsx), one
 * line here and a `<Name>Island` wrapper beside its component. Like the route table, this sits
 * above the features and components it loads, and names each component's own file (not the
 * feature's index.ts), so each is a chunk of its own (decision 0067).
 */
export const islandLoaders = {
  AssessmentForm: () => import('../features/enquiries/AssessmentForm').then((module) => module.AssessmentForm),
  BookingPicker: () => import('../features/bookings/BookingPicker').then((module) => module.BookingPicker),
  CallbackForm: () => import('../features/enquiries/CallbackForm').then((module) => module.CallbackForm),
  ChangePicker: () => import('../features/bookings/ChangePicker').then((module) => module.ChangePicker),
  ContactForm: () => import('../features/enquiries/ContactForm').then((module) => module.ContactForm),
  TestimonialCarousel: () =>
    import('../components/sections/TestimonialCarousel').then((module) => module.TestimonialCarousel),
  ToastRegion: () => import('../components/ui/toaster').then((module) => module.ToastRegion),
} satisfies Record<IslandName, () => Promise<ComponentType<never>>>;
