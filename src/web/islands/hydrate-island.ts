import { type ComponentType, type ReactNode, createElement, useEffect } from 'react';
import { type Root, hydrateRoot } from 'react-dom/client';

/** Renders nothing of its own: its effect runs once the island's first render has been committed. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * What a visitor typed before the island hydrated is in the DOM but not in React's state (React 19
 * keeps the DOM value and does not report it). Each such field is told to React as the change it
 * was: its value is set back to the server's through the element (which React watches), then to
 * the typed text through the prototype's setter (which it does not), and an input event follows,
 * so the component's onChange sees the difference, as the testing libraries do it. One field per
 * task: a handler may build the next state from the values of its own render.
 */
async function reportEarlyTyping(marker: HTMLElement, typed: Map<Field, string>): Promise<void> {
  for (const [field, value] of typed) {
    if (!marker.contains(field)) continue;
    await new Promise((next) => setTimeout(next));
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * React, fetched with the first island a page hydrates and shared by the rest. Each island is a
 * root of its own: one island's failure or slowness never touches another or the static page.
 * `live` resolves when the island is hydrated and its handlers are live; `root` unmounts it when
 * an in-place navigation takes it off the page.
 */
export function hydrateIsland(
  marker: HTMLElement,
  component: ComponentType<object>,
): { root: Root; live: Promise<void> } {
  const json = document.getElementById(marker.dataset.propsId ?? '')?.textContent;
  const props = json ? (JSON.parse(json) as object) : {};
  let root!: Root;
  const live = new Promise<void>((resolve) => {
    const onHydrated = () => {
      const typed = new Map<Field, string>();
      marker.querySelectorAll<Field>('input:not([type=hidden]), textarea').forEach((field) => {
        if (field.value !== field.defaultValue) typed.set(field, field.value);
      });
      void reportEarlyTyping(marker, typed).then(resolve);
    };
    root = hydrateRoot(marker, createElement(Hydrated, { onHydrated }, createElement(component, props)));
  });
  return { root, live };
}
