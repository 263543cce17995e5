import { foldMarkerHtml } from '../../shared/fold';
import { type HeadEntry, headEntries, jsonForScript } from '../../shared/page-meta';
import type { RenderOutput } from '../../web/entry-server';
import type { ClientAssets } from './client-assets';
import { deferredAssetsHtml } from './deferred-assets';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');

function headTag(entry: HeadEntry): string {
  // data-head marks what the browser replaces when the page changes.
  if (entry.tag === 'script') {
    return `<script${attributes(entry.attrs)} data-head>${jsonForScript(entry.json)}</script>`;
  }
  return `<${entry.tag}${attributes(entry.attrs)} data-head>`;
}

/**
 * The page's own rules inline, so it paints after one request (decisions 0011, 0012). A page
 * with a fold (decision 0040) inlines only what its first screen uses and links the whole
 * stylesheet at the fold (withStylesheetAtFold). Any other public page inlines every rule it
 * uses; the whole stylesheet, for the states the inline CSS leaves out, is prefetched once the
 * page is drawn (deferred-assets.ts) and page-behaviour makes it a stylesheet on the visitor's
 * first act, so a parent who only reads never pays for parsing it (decisions 0043, 0044). The
 * admin application loads it as "print" and applies it at once. Without scripts, <noscript>
 * loads it normally.
 */
function styles(page: RenderOutput, assets: ClientAssets, fold: number): string[] {
  const critical = assets.criticalCss(fold >= 0 ? page.html.slice(0, fold) : page.html);
  return [
    critical ? `<style>${critical}</style>` : '',
    ...(fold >= 0
      ? []
      : [
          ...(page.client === 'app'
            ? assets.stylesheets.map((href) => `<link rel="stylesheet" media="print" href="${href}" data-stylesheet>`)
            : []),
          ...assets.stylesheets.map((href) => `<noscript><link rel="stylesheet" href="${href}"></noscript>`),
        ]),
  ];
}

/**
 * The fold becomes the stylesheet's <link>: the browser paints what is above it at once and holds
 * what follows until the stylesheet has arrived, so nothing below is ever drawn unstyled.
 */
const withStylesheetAtFold = (bodyHtml: string, fold: number, assets: ClientAssets) =>
  fold < 0
    ? bodyHtml
    : bodyHtml.slice(0, fold) +
      assets.stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
      bodyHtml.slice(fold + foldMarkerHtml.length);

/**
 * The page's scripts. A public page is readable without them, so it asks for its island loader
 * (which also navigates between pages in place, decision 0052), and the stylesheet for later,
 * only once it has been drawn (decision 0044); the admin area gets the whole application with
 * the data it hydrates from, at low priority (decisions 0011, 0038).
 */
function scripts(page: RenderOutput, assets: ClientAssets, fold: number): string[] {
  const entry = assets.entries[page.client];
  // A document without scripts (a staff preview in a sandbox) gets no loader either.
  if (entry.scripts.length === 0) return [];
  if (page.client === 'islands') {
    const stylesheets = fold >= 0 ? [] : assets.stylesheets;
    return [deferredAssetsHtml({ modules: entry.scripts, preloads: entry.preloads, stylesheets })];
  }
  return [
    ...entry.preloads.map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`),
    ...entry.scripts.map((src) => `<script type="module" src="${src}" fetchpriority="low"></script>`),
  ];
}

/** The whole HTML document around a rendered page. */
export function documentHtml(page: RenderOutput, assets: ClientAssets, publicUrl: string): string {
  // Only public pages have a fold: the admin application hydrates its whole page as rendered.
  const fold = page.client === 'islands' ? page.html.indexOf(foldMarkerHtml) : -1;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.meta.title)}</title>`,
    ...headEntries(page.meta, publicUrl, page.pathname).map(headTag),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<meta name="theme-color" content="#1d4ed8">',
    ...styles(page, assets, fold),
    ...scripts(page, assets, fold),
  ].join('');
  // Only the admin application hydrates the whole page from the server's data; islands carry their own props.
  const state =
    page.client === 'app'
      ? `<script type="application/json" id="initial-state">${jsonForScript(page.state)}</script>`
      : '';
  return (
    `<!doctype html><html lang="en-GB"><head>${head}</head><body>` +
    `<div id="root">${withStylesheetAtFold(page.html, fold, assets)}</div>${state}</body></html>`
  );
}
