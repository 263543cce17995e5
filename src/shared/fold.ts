/**
 * Where a page's first screen ends (decision 0040): the page renders this element there
 * (web/components/Fold.tsx) and the server puts the whole stylesheet's <link> in its place
 * (server/rendering/document.ts), so the inline CSS only has to cover what is above it.
 */
export const foldMarkerHtml = '<template data-fold=""></template>';
