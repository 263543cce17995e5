import { Island } from '../../lib/island';
import { TestimonialCarousel } from './TestimonialCarousel';

/**
 * The carousel's controls as Testimonials.tsx places them, an island beside its component
 * (decision 0067): no props, since the cards are the server's HTML around them and travel once,
 * in the page (decision 0059).
 */
export const TestimonialCarouselIsland = () => (
  <Island name="TestimonialCarousel" component={TestimonialCarousel} props={{}} load="visible" />
);
