import { useState, type ImgHTMLAttributes } from 'react';
import { srcSetOf, type ResponsiveSources } from './responsiveImage';
import { canSwitchToWebp, toWebpUrl } from './webp';

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'sizes'
> {
  /** The PNG: shown by browsers without AVIF or WebP, and if a sized rendering fails to load. */
  src: string;
  /** Required: decorative images pass alt="". */
  alt: string;
  /** AVIF and WebP renderings at several widths; without them, the WebP of `src` at its own size. */
  sources: ResponsiveSources | null;
  /** How wide the picture is shown, as the <img> `sizes` attribute (see IMAGE_SIZES). */
  sizes: string;
}

/**
 * A <picture> that lets the browser choose the smallest rendering that fills the space it is shown
 * in: AVIF where supported, else WebP, else the PNG. If the chosen file fails (an expired link), it
 * falls back to the plain PNG once, then reports the error.
 */
export function ResponsiveImage({
  src,
  alt,
  sources,
  sizes,
  loading = 'lazy',
  decoding = 'async',
  onError,
  ...rest
}: ResponsiveImageProps) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const plain = failedFor === src;
  return (
    // display: contents keeps the <img> laid out as the child of the <picture>'s parent.
    <picture className="image-picture">
      {!plain && sources && (
        <>
          <source type="image/avif" srcSet={srcSetOf(sources.avif)} sizes={sizes} />
          <source type="image/webp" srcSet={srcSetOf(sources.webp)} sizes={sizes} />
        </>
      )}
      {!plain && !sources && canSwitchToWebp(src) && <source type="image/webp" srcSet={toWebpUrl(src)} />}
      <img
        {...rest}
        src={src}
        alt={alt}
        loading={loading}
        decoding={decoding}
        onError={(event) => {
          if (!plain) setFailedFor(src);
          else onError?.(event);
        }}
      />
    </picture>
  );
}
