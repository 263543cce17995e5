import type { ComponentType } from 'react';
import type { PageProps, PageRoute } from './route-types';

/**
 * Pages other than the home page are separate chunks, so a first visit to / downloads only what
 * it shows (the 100 kB budget). The server and the browser both load a page's chunk before
 * rendering or hydrating it, so hydration never meets a page that is still loading.
 */
const loaded = new Map<PageRoute, ComponentType<PageProps>>();
const pending = new Map<PageRoute, Promise<ComponentType<PageProps>>>();

export function loadPage(route: PageRoute): Promise<ComponentType<PageProps>> {
  if (route.component) return Promise.resolve(route.component);
  let promise = pending.get(route);
  if (!promise) {
    promise = route.load!().then((component) => {
      loaded.set(route, component);
      return component;
    });
    pending.set(route, promise);
  }
  return promise;
}

/** The page's component if its chunk is already here. */
export const loadedPage = (route: PageRoute) => route.component ?? loaded.get(route);
