import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { failedOnOtherFormat, replayMissedError, srcSetOf, type ResponsiveSources } from './responsiveImage';
import { canSwitchToWebp, toWebpUrl } from './webp';

interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'sizes'> {
  /** The original file: shown by browsers that take no other format offered, and if the chosen one fails. */
  src: string;
  /** Required: decorative images pass alt="". */
  alt: string;
}

export type ResponsiveImageProps = ImageProps &
  (
    | {
        /** AVIF and WebP renderings at several widths; without them, the WebP of `src` at its own size. */
        sources: ResponsiveSources | null;
        /** How wide the picture is shown, as the <source> `sizes` attribute (see IMAGE_SIZES). */
        sizes: string;
      }
    | { sources?: null; sizes?: undefined }
  );

/**
 * A <picture> that lets the browser choose the smallest rendering that fills the space it is shown
 * in: AVIF where supported, else WebP, else the original file. Without sized renderings it offers the
 * .webp sibling of a jpg/jpeg/png. The markup is the same for every browser (the browser chooses), so
 * prerendered pages hydrate as rendered. If the chosen rendering fails to load (an expired link, a
 * missing sibling), the other formats are dropped and the original loads; if the original fails, the
 * error is reported. An error before hydration is replayed once hydrated. The <picture> box is `display: contents` (a class, see global.css): the image
 * lays out as if it stood alone.
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
  const offersSized = !plain && !!sources;
  const offersWebp = !plain && !sources && canSwitchToWebp(src);
  const image = useRef<HTMLImageElement>(null);
  const sawError = useRef(false);
  // On a prerendered page the image may have failed before hydration, unheard.
  useEffect(() => {
    if (image.current) void replayMissedError(image.current, () => sawError.current);
  }, []);
  return (
    <picture className="image-picture">
      {offersSized && (
        <>
          <source type="image/avif" srcSet={srcSetOf(sources.avif)} sizes={sizes} />
          <source type="image/webp" srcSet={srcSetOf(sources.webp)} sizes={sizes} />
        </>
      )}
      {offersWebp && <source type="image/webp" srcSet={toWebpUrl(src)} />}
      <img
        {...rest}
        src={src}
        alt={alt}
        loading={loading}
        decoding={decoding}
        ref={image}
        onError={(event) => {
          sawError.current = true;
          const failed = event.currentTarget.currentSrc;
          if ((offersSized || offersWebp) && failedOnOtherFormat(failed, src, document.baseURI))
            setFailedFor(src);
          else onError?.(event);
        }}
      />
    </picture>
  );
}
