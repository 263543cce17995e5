/**
 * Public pages are full page loads (decision 0038), so the browser is told which are likely next:
 * a same-site link is prerendered once the visitor shows intent (moderate eagerness: hovering
 * about 200 ms, or pressing it), so arriving there is instant. Browsers without the Speculation
 * Rules API ignore the block and navigate normally. The admin area, the API, feeds and links
 * opening elsewhere are left alone: prerendering them would be wasted or would have effects.
 * The CSP allows this inline block by its hash (security-headers.ts).
 */
export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/admin*' } },
          { not: { href_matches: '/api/*' } },
          { not: { href_matches: '/*.xml' } },
          { not: { selector_matches: '[target], [download], [rel~="nofollow"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});
