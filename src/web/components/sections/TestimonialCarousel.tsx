import { ChevronLeft, ChevronRight, Pause, Play } from '../icons';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Testimonial } from '../../../shared/site-facts/site-facts';
import { Stars } from './Stars';

/** docs/product.md#constants: the track moves 0.5 px per animation frame over a duplicated list. */
const STEP_PX = 0.5;

/**
 * The second copy of the list only serves the endless scroll, which needs scripts: the server
 * sends one copy (six cards are wider than the widest screen, so the first paint looks the same)
 * and the browser adds the other once hydrated.
 */
const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** What a card shows: all the island's props carry, since they travel in the page beside its HTML. */
export type TestimonialCard = Pick<Testimonial, 'text' | 'author' | 'rating'>;

function Card({ item }: { item: TestimonialCard }) {
  return (
    <figure className="testimonial">
      <Stars rating={item.rating} />
      <blockquote>{`“${item.text}”`}</blockquote>
      <figcaption>{item.author}</figcaption>
    </figure>
  );
}

/**
 * Auto-scrolling testimonials: paused while hovered or focused, and by its Pause button (WCAG
 * 2.2.2); Previous/Next move one card. With reduced motion it stands still as a plain grid (CSS).
 */
export function TestimonialCarousel({ testimonials }: { testimonials: TestimonialCard[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const offset = useRef(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const looped = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const running = onScreen && !hovered && !focused && !stopped;

  // Off screen it stays still: no work for the phone's CPU (and battery) nobody can see.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  const move = (by: number) => {
    const track = trackRef.current;
    if (!track) return;
    const half = track.scrollWidth / 2;
    offset.current = (((offset.current + by) % half) + half) % half;
    track.style.transform = `translateX(${-offset.current}px)`;
  };
  const cardWidth = () => (trackRef.current?.firstElementChild?.firstElementChild?.clientWidth ?? 300) + 24;

  useEffect(() => {
    if (!running || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = requestAnimationFrame(function step() {
      move(STEP_PX);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [running]);

  const button = 'rounded-full border border-slate-300 bg-white p-2 text-slate-800 hover:bg-slate-100';
  return (
    <section aria-labelledby="testimonials-heading" className="render-when-near bg-slate-50 py-14">
      <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4">
        <h2 id="testimonials-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          What Teesside families say
        </h2>
        <div className="carousel-controls flex gap-2">
          <button type="button" className={button} onClick={() => move(-cardWidth())} aria-label="Previous testimonial">
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={button}
            onClick={() => setStopped(!stopped)}
            aria-label={stopped ? 'Play testimonials' : 'Pause testimonials'}
          >
            {stopped ? (
              <Play className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Pause className="h-5 w-5" aria-hidden="true" />
            )}
          </button>
          <button type="button" className={button} onClick={() => move(cardWidth())} aria-label="Next testimonial">
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div
        className="carousel mt-8 overflow-hidden"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        <div ref={trackRef} className="carousel-track flex w-max">
          {(looped ? [false, true] : [false]).map((copy) => (
            <ul key={String(copy)} className="carousel-list flex gap-6 pr-6" aria-hidden={copy || undefined}>
              {testimonials.map((item, index) => (
                // The list never changes while the page is open: its place is its key.
                <li key={index}>
                  <Card item={item} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
