import { useSiteFacts } from '../../lib/site-data';

/** 'We Cover:' and the places, scrolling once every 20 s; paused on hover; still for reduced motion. */
export function AreaTicker() {
  const { areasCovered } = useSiteFacts().details;
  const places = (hidden: boolean) => (
    <ul className="ticker-list" aria-hidden={hidden || undefined}>
      {areasCovered.map((place) => (
        <li key={place}>{place}</li>
      ))}
    </ul>
  );
  return (
    <section className="ticker bg-blue-800 text-white text-sm" aria-labelledby="ticker-label">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-1.5">
        <span className="shrink-0 font-semibold" id="ticker-label">
          We Cover:
        </span>
        <div className="min-w-0 flex-1 overflow-hidden">
          <div className="ticker-track">
            {places(false)}
            {places(true)}
          </div>
        </div>
      </div>
    </section>
  );
}
