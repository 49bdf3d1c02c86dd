import { serializeJsonLd } from '../../content/jsonLd';

/**
 * Structured data for search engines. A `<script type="application/ld+json">` is a data block, not a
 * script: browsers never run it, so the CSP (script-src 'self') does not apply to it. React sets its
 * text through the DOM and does not warn about data blocks.
 */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json">{serializeJsonLd(data)}</script>;
}
