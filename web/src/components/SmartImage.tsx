import { useState, type ImgHTMLAttributes } from 'react';
import { canSwitchToWebp, toWebpUrl } from './webp';

export interface SmartImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string;
  /** Required: decorative images pass alt="". */
  alt: string;
}

/**
 * An <img> that offers the browser the .webp sibling of a jpg/jpeg/png (a <picture> source, so the
 * browser chooses and the server's markup is the same for every browser), and falls back to the
 * original file if the webp one cannot be loaded. The <picture> box is `display: contents`: the image
 * lays out as if it stood alone.
 */
export function SmartImage({
  src,
  alt,
  loading = 'lazy',
  decoding = 'async',
  onError,
  ...rest
}: SmartImageProps) {
  const [failedWebpFor, setFailedWebpFor] = useState<string | null>(null);
  const offersWebp = canSwitchToWebp(src) && failedWebpFor !== src;

  return (
    <picture className="image-picture">
      {offersWebp && <source type="image/webp" srcSet={toWebpUrl(src)} />}
      <img
        {...rest}
        src={src}
        alt={alt}
        loading={loading}
        decoding={decoding}
        onError={(event) => {
          // The webp failed (its currentSrc is the webp one): drop the source, so the original loads.
          if (offersWebp && event.currentTarget.currentSrc !== new URL(src, document.baseURI).href)
            setFailedWebpFor(src);
          else onError?.(event);
        }}
      />
    </picture>
  );
}
