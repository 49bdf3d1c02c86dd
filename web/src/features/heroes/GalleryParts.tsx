import type { ReactNode } from 'react';
import { LockIcon } from '../../components/HeroIcons';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { IMAGE_SIZES, mediaSources } from '../../components/responsiveImage';

const ANGLE_LABELS = { front: 'front view', profile: 'profile view', action: 'action shot' } as const;

export interface GalleryImage {
  url: string;
  /** The widths it is also served at as AVIF and WebP (see mediaSources). */
  widths?: number[];
  angle: keyof typeof ANGLE_LABELS;
}

/** The large image of a hero's gallery with its place among `count`; `children` lie over the image. */
export function GalleryFigure({
  name,
  image,
  index,
  count,
  children,
}: {
  name: string;
  image: GalleryImage;
  index: number;
  count: number;
  children?: ReactNode;
}) {
  return (
    <figure className="gallery__main">
      <ResponsiveImage
        src={image.url}
        sources={mediaSources(image.url, image.widths)}
        sizes={IMAGE_SIZES.heroGallery}
        alt={`${name}, ${ANGLE_LABELS[image.angle]}`}
        className="gallery__image"
        loading="eager"
        width={1024}
        height={1024}
      />
      {children}
      <figcaption className="gallery__counter" aria-live="polite">
        {index + 1} / {count}
      </figcaption>
    </figure>
  );
}

/** One thumbnail button of the gallery; a locked one (unpaid hero) is marked and announced as such. */
export function GalleryThumb({
  image,
  index,
  active,
  locked = false,
  onSelect,
}: {
  image: GalleryImage;
  index: number;
  active: boolean;
  locked?: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`gallery__thumb${active ? ' is-active' : ''}${locked ? ' is-locked' : ''}`}
        aria-label={locked ? `Image ${index + 1} (locked)` : `Show image ${index + 1}`}
        aria-pressed={active}
        data-locked={locked ? 'true' : undefined}
        onClick={onSelect}
      >
        <ResponsiveImage
          src={image.url}
          sources={mediaSources(image.url, image.widths)}
          sizes={IMAGE_SIZES.heroThumb}
          alt=""
          className="gallery__thumb-image"
          width={160}
          height={160}
        />
        {locked && (
          <span className="gallery__lock" aria-hidden="true">
            <LockIcon width={22} height={22} />
          </span>
        )}
      </button>
    </li>
  );
}
