import { type HeadEntry, headEntries, jsonForScript } from '../../shared/page-meta';
import type { RenderOutput } from '../../web/entry-server';
import type { ClientAssets } from './client-assets';
import { speculationRules } from './speculation-rules';

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
 * The page's own rules inline, so it paints after one request; the whole stylesheet follows
 * without blocking that paint (media="print" until entry-client switches it to all), so later
 * pages and states find every rule. Without scripts, <noscript> loads it normally.
 */
function styles(assets: ClientAssets, bodyHtml: string): string[] {
  const critical = assets.criticalCss(bodyHtml);
  return [
    critical ? `<style>${critical}</style>` : '',
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${href}" media="print" data-stylesheet>`),
    ...assets.stylesheets.map((href) => `<noscript><link rel="stylesheet" href="${href}"></noscript>`),
  ];
}

/**
 * The page's scripts, at low priority: the page is readable without them, so the hero image and
 * the text go first (decision 0011). Public pages get the island loader and the speculation
 * rules; the admin area gets the whole application with the data it hydrates from (decision 0038).
 */
function scripts(page: RenderOutput, assets: ClientAssets): string[] {
  const entry = assets.entries[page.client];
  return [
    ...entry.preloads.map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`),
    ...entry.scripts.map((src) => `<script type="module" src="${src}" fetchpriority="low"></script>`),
    // A document without scripts (a staff preview in a sandbox) gets no speculation rules either.
    ...(page.client === 'islands' && entry.scripts.length > 0
      ? [`<script type="speculationrules">${speculationRules}</script>`]
      : []),
  ];
}

/** The whole HTML document around a rendered page. */
export function documentHtml(page: RenderOutput, assets: ClientAssets, publicUrl: string): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.meta.title)}</title>`,
    ...headEntries(page.meta, publicUrl, page.pathname).map(headTag),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<meta name="theme-color" content="#1d4ed8">',
    ...styles(assets, page.html),
    ...scripts(page, assets),
  ].join('');
  // Only the admin application hydrates the whole page from the server's data; islands carry their own props.
  const state =
    page.client === 'app'
      ? `<script type="application/json" id="initial-state">${jsonForScript(page.state)}</script>`
      : '';
  return (
    `<!doctype html><html lang="en-GB"><head>${head}</head><body>` +
    `<div id="root">${page.html}</div>${state}</body></html>`
  );
}
