// The images' public side: the home page's showcase. The only way into this folder from outside it (decision 0067).
export { prefetchShowcase, useShowcaseImages } from './queries';
