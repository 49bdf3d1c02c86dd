/**
 * The site's public origin, for the absolute links a page shows or hands to crawlers (JSON-LD, the
 * partners' badge snippet). Prerendered pages are built before the origin is known: they carry
 * PRERENDER_ORIGIN, which the server replaces with its public origin when it loads them. In the
 * browser the origin is read once from the page's og:url, which the server makes absolute on the same
 * public origin, so hydration renders exactly what the server sent.
 */
export const PRERENDER_ORIGIN = 'https://starborn-origin.invalid';

let cached: string | undefined;

export function siteOrigin(): string {
  if (typeof document === 'undefined') return PRERENDER_ORIGIN;
  if (cached === undefined) {
    const url = document.head.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content;
    try {
      cached = new URL(url ?? '/', window.location.href).origin;
    } catch {
      cached = window.location.origin;
    }
  }
  return cached;
}
