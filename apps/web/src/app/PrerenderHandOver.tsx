import { useEffect } from 'react';

/**
 * A prerendered page arrives `inert` (scripts/prerender.mjs, decision 0069): drawn, readable, but nothing in it can be
 * focused, typed into, clicked or submitted before React owns it, so nothing a visitor does is lost (a native submit
 * would reload the page; text typed before hydration is not in React's state). Here React owns it: inert goes.
 */
function handOverPrerenderedPage() {
  const root = document.getElementById('root');
  if (!root?.dataset.prerendered) return;
  delete root.dataset.prerendered; // once: later pages are React's own
  root.inert = false;
}

/**
 * Hands a prerendered page over to React (decision 0069). Rendered beside the page inside RootLayout's Suspense
 * boundary: React hydrates a boundary after the shell around it (or draws it again), so only an effect inside it runs
 * once the page's own fields and buttons are React's. Renders nothing, on the server as in the browser.
 */
export function PrerenderHandOver() {
  useEffect(handOverPrerenderedPage, []);
  return null;
}
