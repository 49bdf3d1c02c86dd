import { ResponsiveImage } from './ResponsiveImage';
import type { ImgHTMLAttributes } from 'react';

export interface SmartImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'sizes'> {
  src: string;
  /** Required: decorative images pass alt="". */
  alt: string;
}

/**
 * An image shown at one size (a logo, an avatar): a ResponsiveImage without sized renderings, so the
 * browser is offered the .webp sibling of a jpg/jpeg/png and gets the original file if that fails.
 */
export function SmartImage(props: SmartImageProps) {
  return <ResponsiveImage {...props} />;
}
