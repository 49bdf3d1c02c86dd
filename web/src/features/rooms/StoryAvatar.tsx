import { SmartImage } from '../../components/SmartImage';

/** Pixel sizes of a hero's avatar in the shared-story screens (the CSS modifier sets the box). */
const SIZES = { small: 28, medium: 40, large: 96 } as const;

export type StoryAvatarSize = keyof typeof SIZES;

/**
 * A hero's portrait in the lobby and the room, or the first letter of its name when it has none
 * (decorative either way: the name is always written next to it).
 */
export function StoryAvatar({
  name,
  src,
  size = 'medium',
}: {
  name: string;
  src: string | null | undefined;
  size?: StoryAvatarSize;
}) {
  const className = size === 'medium' ? 'story-avatar' : `story-avatar story-avatar--${size}`;
  if (src)
    return <SmartImage src={src} alt="" className={className} width={SIZES[size]} height={SIZES[size]} />;
  return (
    <span className={`${className} story-avatar--empty`} aria-hidden="true">
      {name.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}
