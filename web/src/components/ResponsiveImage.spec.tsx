import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { ResponsiveImage } from './ResponsiveImage';
import { IMAGE_SIZES, mediaSources } from './responsiveImage';
import { SmartImage } from './SmartImage';

// The markup is what prerendered pages carry and what hydration must find again: these strings are the
// <picture> as the site has shipped it, so any change to it shows here first.
const url = '/media/heroes/abc/full/front.png?exp=1&sig=x';
const signed = (name: string) => `/media/heroes/abc/full/${name}?exp=1&amp;sig=x`;

describe('ResponsiveImage', () => {
  it('offers AVIF and WebP at each width with the sizes, before the original', () => {
    const html = renderToString(
      <ResponsiveImage
        src={url}
        alt="Hero"
        sources={mediaSources(url, [320, 640])}
        sizes={IMAGE_SIZES.heroGallery}
        fetchPriority="high"
        loading="eager"
      />,
    );
    const sizes = 'sizes="(max-width: 900px) calc(100vw - 32px), 560px"';
    expect(html).toBe(
      '<picture class="image-picture">' +
        `<source type="image/avif" srcSet="${signed('front.w320.avif')} 320w, ${signed('front.w640.avif')} 640w" ${sizes}/>` +
        `<source type="image/webp" srcSet="${signed('front.w320.webp')} 320w, ${signed('front.w640.webp')} 640w" ${sizes}/>` +
        `<img fetchPriority="high" src="${signed('front.png')}" alt="Hero" loading="eager" decoding="async"/>` +
        '</picture>',
    );
  });

  it('without sized renderings, offers the WebP sibling at its own size', () => {
    const html = renderToString(
      <ResponsiveImage
        src={url}
        alt="Hero"
        sources={null}
        sizes={IMAGE_SIZES.heroGallery}
        width={10}
        height={10}
      />,
    );
    expect(html).toBe(
      '<picture class="image-picture">' +
        `<source type="image/webp" srcSet="${signed('front.webp')}"/>` +
        `<img width="10" height="10" src="${signed('front.png')}" alt="Hero" loading="lazy" decoding="async"/>` +
        '</picture>',
    );
  });

  it('offers nothing else for a file with no WebP sibling', () => {
    expect(renderToString(<ResponsiveImage src="/x.webp" alt="" />)).toBe(
      '<picture class="image-picture"><img src="/x.webp" alt="" loading="lazy" decoding="async"/></picture>',
    );
  });

  it('lays out through a class, never a style attribute (the CSP refuses inline styles)', () => {
    const html = renderToString(
      <ResponsiveImage src={url} alt="" sources={mediaSources(url, [320])} sizes={IMAGE_SIZES.heroThumb} />,
    );
    expect(html).not.toContain('style=');
  });
});

describe('SmartImage', () => {
  it('is the picture of a ResponsiveImage without sized renderings', () => {
    const props = { src: '/logo-96.jpg', alt: '', className: 'brand__logo', width: 40, height: 40 } as const;
    const html = renderToString(<SmartImage {...props} loading="eager" />);
    expect(html).toBe(
      '<picture class="image-picture"><source type="image/webp" srcSet="/logo-96.webp"/>' +
        '<img class="brand__logo" width="40" height="40" src="/logo-96.jpg" alt="" loading="eager" decoding="async"/>' +
        '</picture>',
    );
    expect(html).toBe(renderToString(<ResponsiveImage {...props} loading="eager" />));
  });

  it('offers no WebP for an image that has none (an SVG, a data URL)', () => {
    expect(renderToString(<SmartImage src="/a.svg" alt="Star" />)).toBe(
      '<picture class="image-picture"><img src="/a.svg" alt="Star" loading="lazy" decoding="async"/></picture>',
    );
    expect(renderToString(<SmartImage src="data:image/png;base64,AAAA" alt="" />)).toBe(
      '<picture class="image-picture"><img src="data:image/png;base64,AAAA" alt="" loading="lazy" decoding="async"/></picture>',
    );
  });
});
