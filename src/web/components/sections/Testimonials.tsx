import { type Testimonial, shownTestimonials } from '../../../shared/site-facts/site-facts';
import { useSiteFacts } from '../../lib/site-data';
import { TestimonialCarouselIsland } from './islands';
import { Stars } from './Stars';

function Card({ item }: { item: Testimonial }) {
  return (
    <figure className="testimonial">
      <Stars rating={item.rating} />
      <blockquote>{`“${item.text}”`}</blockquote>
      <figcaption>{item.author}</figcaption>
    </figure>
  );
}

/**
 * The shown testimonials as plain server HTML: the cards travel once, in the page, and no React
 * runs for them. Only the controls are an island (TestimonialCarousel), which finds this track from
 * its place in the section and moves it. With none shown, no section.
 */
export function Testimonials() {
  const testimonials = shownTestimonials(useSiteFacts());
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="render-when-near bg-slate-50 py-14">
      <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4">
        <h2 id="testimonials-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          What Teesside families say
        </h2>
        <TestimonialCarouselIsland />
      </div>
      <div className="carousel mt-8 overflow-hidden">
        <div className="carousel-track flex w-max">
          {/* The server sends one copy: six cards are wider than the widest screen, so the first paint
              looks the same; the island adds the second copy the endless scroll needs. */}
          <ul className="carousel-list flex gap-6 pr-6">
            {testimonials.map((item) => (
              <li key={item.id}>
                <Card item={item} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
