import { useContext, useEffect } from 'react';
import { useLocation } from 'wouter';
import { type HeadEntry, type PageMeta, headEntries, jsonForScript } from '../../shared/page-meta';
import type { SiteDetails } from '../../shared/site-facts/site-facts';
import { MetaSinkContext, useShell } from './contexts';
import { useSiteFacts } from './site-data';

/** What a page that declares nothing says about itself, naming the business in use. */
export const defaultMeta = ({ name }: Pick<SiteDetails, 'name'>): PageMeta => ({
  title: `${name} | Tutoring in Middlesbrough & Teesside`,
  description: `Primary and secondary tuition, 11+, SATs and GCSE preparation in Middlesbrough and across Teesside. Book a free assessment with ${name}.`,
});

function headElement(entry: HeadEntry): HTMLElement {
  const element = document.createElement(entry.tag);
  for (const [name, value] of Object.entries(entry.attrs)) element.setAttribute(name, value);
  if (entry.tag === 'script') element.textContent = jsonForScript(entry.json);
  element.setAttribute('data-head', '');
  return element;
}

function resetHead(defaultTitle: string): void {
  document.title = defaultTitle;
  document.head.querySelectorAll('[data-head]').forEach((element) => element.remove());
}

/**
 * Declares the page's title, description, canonical URL, robots, share tags and JSON-LD. The
 * server prints them into the document; in the browser they replace the previous page's and
 * are removed on leaving, which restores the default title and drops any robots marker.
 */
export function Seo(meta: PageMeta) {
  const sink = useContext(MetaSinkContext);
  const { publicUrl } = useShell();
  const defaultTitle = defaultMeta(useSiteFacts().details).title;
  const [pathname] = useLocation();
  sink?.collect(meta);

  const signature = JSON.stringify(meta);
  useEffect(() => {
    const current = JSON.parse(signature) as PageMeta;
    resetHead(defaultTitle);
    document.title = current.title;
    document.head.append(...headEntries(current, publicUrl, pathname).map(headElement));
    return () => resetHead(defaultTitle);
  }, [signature, publicUrl, pathname, defaultTitle]);
  return null;
}
