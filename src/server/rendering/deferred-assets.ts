import { jsonForScript } from '../../shared/page-meta';

/** What a public page fetches only once it has been drawn (decision 0044). */
export interface DeferredAssets {
  /** Module scripts, imported in this order: the island loader (or, under npm run dev, Vite's client and ours). */
  modules: string[];
  /** Chunks the first module imports, requested beside it so they do not wait for it. */
  preloads: string[];
  /** The whole stylesheet, prefetched for the visitor's first act (decision 0043); empty on a page with a fold. */
  stylesheets: string[];
}

const assetsElementId = 'deferred-assets';

/**
 * Runs after the parser (a module script) and asks for nothing until the page's first screen is
 * drawn: its main image (fetchpriority="high") decoded, or a second at most on a slow network,
 * then the second animation frame and one task more. A page's own files then never compete
 * with its first paint or main image for the phone's processor or network. A page loaded out of
 * sight (a background tab, a prerender) draws no frames: it loads them at its load event
 * instead, so its menu is ready the moment it is shown. Until the island loader runs, a form
 * sent from an island is held (it would otherwise go out as a plain GET, the visitor's details in
 * the address) and sent again once the loader is there to hydrate it (islands/loader.ts), and
 * taps on the phone menu's button are counted for the menu to honour when it arrives
 * (islands/page-behaviour.ts): a tap in the first second is not lost.
 *
 * The text is fixed, so the CSP allows exactly it by its hash (security-headers.ts); what it
 * loads is read from the JSON block the server writes beside it. It is a string, not a function's
 * source, because Vite's development server rewrites `import()` in server code.
 */
export const deferredAssetsLoader = [
  `const a=JSON.parse(document.getElementById("${assetsElementId}").textContent);`,
  'const held=new Set();',
  'const hold=e=>{if(e.target.closest("[data-island]")){e.preventDefault();held.add(e.target)}};',
  'addEventListener("submit",hold,true);',
  'addEventListener("click",e=>{const t=e.target.closest("[data-menu-toggle]");if(t&&!("ready"in t.dataset))t.dataset.heldTaps=+(t.dataset.heldTaps||0)+1},true);',
  'const link=(rel,href)=>{const l=document.createElement("link");l.rel=rel;l.href=href;document.head.append(l);return l};',
  'const start=()=>setTimeout(()=>{',
  'for(const h of a.preloads)link("modulepreload",h);',
  'for(const h of a.stylesheets){const l=link("prefetch",h);l.as="style";l.dataset.stylesheet=""}',
  'a.modules.reduce((p,m)=>p.then(()=>import(m)),Promise.resolve()).then(()=>{',
  'removeEventListener("submit",hold,true);for(const f of held)f.requestSubmit()})',
  '});',
  'if(document.hidden)addEventListener("load",start,{once:true});',
  'else Promise.race([',
  'Promise.all([...document.querySelectorAll("img[fetchpriority=high]")].map(i=>i.decode().catch(()=>{}))),',
  'new Promise(r=>setTimeout(r,1000))',
  ']).then(()=>requestAnimationFrame(()=>requestAnimationFrame(start)))',
].join('');

/** The two elements a public page's head carries instead of script and prefetch links. */
export function deferredAssetsHtml(assets: DeferredAssets): string {
  return (
    `<script type="application/json" id="${assetsElementId}">${jsonForScript(assets)}</script>` +
    `<script type="module">${deferredAssetsLoader}</script>`
  );
}
