import { useContext, useEffect } from 'react';
import { useLocation } from 'wouter';
import { type HeadEntry, type PageMeta, headEntries, jsonForScript } from '../../shared/page-meta';
import { site } from '../../shared/site';
import { MetaSinkContext, useShell } from './contexts';

export const defaultMeta: PageMeta = {
  title: `${site.name} | Tutoring in Middlesbrough & Teesside`,
  description: `Primary and secondary tuition, 11+, SATs and GCSE preparation in Middlesbrough and across Teesside. Book a free assessment with ${site.name}.`,
};

function headElement(entry: HeadEntry): HTMLElement {
  const element = document.createElement(entry.tag);
  for (const [name, value] of Object.entries(entry.attrs)) element.setAttribute(name, value);
  if (entry.tag === 'script') element.textContent = jsonForScript(entry.json);
  element.setAttribute('data-head', '');
  return element;
}

function resetHead(): void {
  document.title = defaultMeta.title;
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
  const [pathname] = useLocation();
  sink?.collect(meta);

  const signature = JSON.stringify(meta);
  useEffect(() => {
    const current = JSON.parse(signature) as PageMeta;
    resetHead();
    document.title = current.title;
    document.head.append(...headEntries(current, publicUrl, pathname).map(headElement));
    return resetHead;
  }, [signature, publicUrl, pathname]);
  return null;
}
