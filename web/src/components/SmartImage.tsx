import { useState, type ImgHTMLAttributes } from 'react';
import { browserSupportsWebp, toWebpUrl } from './webp';

export interface SmartImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string;
  /** Required: decorative images pass alt="". */
  alt: string;
}

/**
 * An <img> that asks for the .webp sibling of a jpg/jpeg/png when the browser supports webp,
 * and falls back to the original file if the webp one cannot be loaded.
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
  const preferred = browserSupportsWebp() && failedWebpFor !== src ? toWebpUrl(src) : src;

  return (
    <img
      {...rest}
      src={preferred}
      alt={alt}
      loading={loading}
      decoding={decoding}
      onError={(event) => {
        if (preferred !== src) setFailedWebpFor(src);
        else onError?.(event);
      }}
    />
  );
}
