/** Small inline SVG icons (inline SVG is allowed by the CSP; no icon font or CDN). */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** The common look of every icon: 20 px, stroked in the text colour, hidden from assistive technology. */
const base = (props: IconProps): IconProps => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  ...props,
});

/** One shape of an icon: a path's data, a circle or a rounded rectangle. */
export type IconShape =
  | string
  | { cx: number; cy: number; r: number; fill?: string }
  | { x: number; y: number; width: number; height: number; rx: number };

function drawShape(shape: IconShape, key: number) {
  if (typeof shape === 'string') return <path key={key} d={shape} />;
  if ('r' in shape) return <circle key={key} {...shape} />;
  return <rect key={key} {...shape} />;
}

/** An icon component: `shapes` drawn with the common look, which `look` may change (filled logos). */
export function icon(shapes: readonly IconShape[], look: IconProps = {}) {
  return function Icon(props: IconProps) {
    return <svg {...base({ ...props, ...look })}>{shapes.map(drawShape)}</svg>;
  };
}

const FILLED: IconProps = { fill: 'currentColor', stroke: 'none' };

export const MenuIcon = icon(['M4 7h16M4 12h16M4 17h16']);

export const CloseIcon = icon(['M6 6l12 12M18 6L6 18']);

export const SparkleIcon = icon([
  'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z',
  'M19 16l.7 1.9 1.8.6-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.6z',
]);

export const XLogoIcon = icon(
  ['M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z'],
  FILLED,
);

export const InstagramIcon = icon([
  { x: 3, y: 3, width: 18, height: 18, rx: 5 },
  { cx: 12, cy: 12, r: 4 },
  { cx: 17.5, cy: 6.5, r: 0.8, fill: 'currentColor' },
]);

export const DiscordIcon = icon(
  [
    'M19.6 5.3A16.6 16.6 0 0 0 15.5 4l-.5 1a15.3 15.3 0 0 0-6 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C1.8 9.2 1.1 13 1.4 16.8A16.7 16.7 0 0 0 6.5 19.4l1.1-1.7a10.7 10.7 0 0 1-1.7-.8l.4-.3a11.9 11.9 0 0 0 11.4 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.7a16.6 16.6 0 0 0 5.1-2.6c.4-4.4-.7-8.2-3-11.5zM8.5 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2zm7 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2z',
  ],
  FILLED,
);

export const InfoIcon = icon([{ cx: 12, cy: 12, r: 9 }, 'M12 11v5M12 8h.01']);

export const CheckIcon = icon([{ cx: 12, cy: 12, r: 9 }, 'M8 12.5l2.5 2.5L16 9.5']);

export const WarningIcon = icon(['M12 3l9.5 17h-19z', 'M12 10v4M12 17h.01']);

export const ErrorIcon = icon([{ cx: 12, cy: 12, r: 9 }, 'M9 9l6 6M15 9l-6 6']);
