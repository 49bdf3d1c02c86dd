import { useState } from 'react';
import type { ChapterIllustrationDto } from '@starborn/contracts';
import { canSwitchToWebp, toWebpUrl } from '../../components/webp';

/**
 * A chapter's picture above its text: WebP where the browser takes it, the PNG otherwise (one signed
 * link serves both), at its own size so the text does not move when it loads. Nothing while there
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
  const { url, alt, width, height } = illustration;
  return (
    <figure className="chapter-illustration" data-testid="chapter-illustration">
      <picture>
        {canSwitchToWebp(url) && <source type="image/webp" srcSet={toWebpUrl(url)} />}
        <img
          src={url}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          onError={() => setFailedUrl(url)}
        />
      </picture>
    </figure>
  );
}
