import { type ComponentType, type ReactNode, useId } from 'react';
import { jsonForScript } from '../../shared/page-meta';

/**
 * Every island's name, as its marker carries it in the page (`data-island`); the browser's
 * registry (islands/registry.ts) loads a component for each, and the type makes it list exactly these.
 */
export type IslandName =
  | 'AssessmentForm'
  | 'BookingPicker'
  | 'CallbackForm'
  | 'ChangePicker'
  | 'ContactForm'
  | 'TestimonialCarousel'
  | 'ToastRegion';

/**
 * When the browser hydrates an island (a visitor reaching for any island also starts it at once):
 * `interaction` only then: when the pointer comes over it, a tap, or focus moving into it (the
 * forms: nothing to download until the visitor starts on one); `visible` when it comes within reach
 * of the viewport (the carousel, which moves by itself); `with-first` together with the first other
 * island on the page (the toast region: only a hydrated island can show a toast).
 */
export type IslandLoad = 'interaction' | 'visible' | 'with-first';

interface IslandProps<Props extends object> {
  name: IslandName;
  component: ComponentType<Props>;
  /** Serialisable: they travel to the browser as JSON beside the marker. */
  props: Props;
  load: IslandLoad;
  /** Said to visitors without JavaScript, before the island. */
  noscript?: ReactNode;
}

/**
 * The boundary between the server-rendered page and an interactive part. A `<Name>Island` wrapper
 * that renders it sits beside its component (`features/enquiries/islands.tsx`,
 * `components/sections/islands.tsx`; decision 0067). The server renders the
 * component inside a marker `<div data-island>`, with its props in a JSON block beside it; the
 * browser's loader (islands/loader.ts) hydrates that div alone with `hydrateRoot`, leaving the
 * rest of the page as the server sent it. Inside the admin application the whole page is React
 * already and the marker is just a div.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
  load,
  noscript,
}: IslandProps<Props>) {
  const propsId = `island-${useId()}`;
  return (
    <>
      {noscript && <noscript>{noscript}</noscript>}
      <div data-island={name} data-load={load} data-props-id={propsId}>
        <Component {...props} />
      </div>
      {/* Not executed (a JSON block): the CSP needs no inline script; escaped against </script> and U+2028. */}
      <script type="application/json" id={propsId} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
    </>
  );
}
