import { ChevronLeft, ChevronRight, Pause, Play } from '../icons';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md#constants: the track moves 0.5 px per animation frame over a duplicated list. */
const STEP_PX = 0.5;
/** The gap between cards (`gap-6`), which Previous/Next move past with the card. */
const CARD_GAP_PX = 24;

/** The server's section around the controls: its viewport (`.carousel`) and the track inside it. */
interface Track {
  viewport: HTMLElement;
  track: HTMLElement;
}

function findTrack(controls: HTMLElement | null): Track | null {
  const viewport = controls?.closest('section')?.querySelector<HTMLElement>('.carousel');
  const track = viewport?.querySelector<HTMLElement>('.carousel-track');
  return viewport && track ? { viewport, track } : null;
}

/**
 * Finds the track beside the controls and adds the list's second copy for the endless scroll: the
 * server sends one, so the cards travel once. The copy is for the eye only (hidden from assistive
 * technology and inert); it leaves with the island (an in-place navigation unmounts it).
 */
function useLoopedTrack(controls: RefObject<HTMLElement | null>): Track | null {
  const [found, setFound] = useState<Track | null>(null);
  useEffect(() => {
    const located = findTrack(controls.current);
    const list = located?.track.querySelector('.carousel-list');
    if (!located || !list) return;
    const copy = list.cloneNode(true) as HTMLElement;
    copy.setAttribute('aria-hidden', 'true');
    copy.inert = true;
    located.track.append(copy);
    setFound(located);
    return () => copy.remove();
  }, [controls]);
  return found;
}

/** Whether the pointer is over the track, focus is in it, or it is on screen: the reasons to move or not. */
function useTrackAttention(found: Track | null) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (!found) return;
    const { viewport, track } = found;
    const listeners: [string, (event: Event) => void][] = [
      ['mouseenter', () => setHovered(true)],
      ['mouseleave', () => setHovered(false)],
      ['focusin', () => setFocused(true)],
      ['focusout', (event) => setFocused(viewport.contains((event as FocusEvent).relatedTarget as Node | null))],
    ];
    for (const [type, listener] of listeners) viewport.addEventListener(type, listener);
    // Off screen it stays still: no work for the phone's CPU (and battery) nobody can see.
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(track);
    return () => {
      observer.disconnect();
      for (const [type, listener] of listeners) viewport.removeEventListener(type, listener);
    };
  }, [found]);
  return { hovered, focused, onScreen };
}

/**
 * The carousel's island: its Previous, Pause and Next buttons, driving the server's track of cards.
 * The track scrolls by itself, paused while hovered or focused, while off screen and by the Pause
 * button (WCAG 2.2.2); Previous/Next move one card. With reduced motion it stands still as a plain
 * grid (CSS hides these controls and the copy).
 */
export function TestimonialCarousel() {
  const controls = useRef<HTMLDivElement>(null);
  const found = useLoopedTrack(controls);
  const { hovered, focused, onScreen } = useTrackAttention(found);
  const [stopped, setStopped] = useState(false);
  const offset = useRef(0);
  const running = found !== null && onScreen && !hovered && !focused && !stopped;

  const move = useCallback(
    (by: number) => {
      if (!found) return;
      const half = found.track.scrollWidth / 2;
      offset.current = (((offset.current + by) % half) + half) % half;
      found.track.style.transform = `translateX(${-offset.current}px)`;
    },
    [found],
  );
  // track > list > item: one card's width.
  const cardWidth = () => (found?.track.firstElementChild?.firstElementChild?.clientWidth ?? 300) + CARD_GAP_PX;

  useEffect(() => {
    if (!running || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = requestAnimationFrame(function step() {
      move(STEP_PX);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [running, move]);

  const button = 'rounded-full border border-slate-300 bg-white p-2 text-slate-800 hover:bg-slate-100';
  return (
    <div ref={controls} className="carousel-controls flex gap-2">
      <button type="button" className={button} onClick={() => move(-cardWidth())} aria-label="Previous testimonial">
        <ChevronLeft className="h-5 w-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={button}
        onClick={() => setStopped(!stopped)}
        aria-label={stopped ? 'Play testimonials' : 'Pause testimonials'}
      >
        {stopped ? <Play className="h-5 w-5" aria-hidden="true" /> : <Pause className="h-5 w-5" aria-hidden="true" />}
      </button>
      <button type="button" className={button} onClick={() => move(cardWidth())} aria-label="Next testimonial">
        <ChevronRight className="h-5 w-5" aria-hidden="true" />
      </button>
    </div>
  );
}
