import { useState } from 'react';
import type { ChapterIllustrationDto } from '@starborn/contracts';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { IMAGE_SIZES, mediaSources } from '../../components/responsiveImage';

/**
 * A chapter's picture above its text: AVIF or WebP at the width it is shown at where the browser takes
 * them, the PNG otherwise (one signed link serves all), with its space reserved so the text does not
 * move when it loads. Nothing while there
 * is none (locked, not drawn yet, or a server that does not send the field), nor when it fails to
 * load (an expired link), so no broken image shows.
 */
export function ChapterIllustration({
  illustration,
}: {
  illustration: ChapterIllustrationDto | null | undefined;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!illustration || failedUrl === illustration.url) return null;
  const { url, alt, width, height, widths } = illustration;
  return (
    <figure className="chapter-illustration" data-testid="chapter-illustration">
      <ResponsiveImage
        src={url}
        sources={mediaSources(url, widths)}
        sizes={IMAGE_SIZES.chapterIllustration}
        alt={alt}
        width={width}
        height={height}
        onError={() => setFailedUrl(url)}
      />
    </figure>
  );
}
