/** Icons used by the hero screens (inline SVG, allowed by the CSP). */
import { icon } from './Icons';

export const LockIcon = icon([{ x: 5, y: 11, width: 14, height: 10, rx: 2 }, 'M8 11V8a4 4 0 0 1 8 0v3']);

export const SearchIcon = icon([{ cx: 11, cy: 11, r: 6.5 }, 'M20 20l-4.2-4.2']);

export const MoonStarIcon = icon([
  'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  'M17 3l.6 1.6L19 5l-1.4.5L17 7l-.6-1.5L15 5l1.4-.4z',
]);

export const PenIcon = icon(['M4 20l4-1 11-11-3-3L5 16z', 'M14 6l3 3']);

export const WandIcon = icon(['M4 20L15 9', 'M15 3v3M15 12v3M18 6h3M9 6h3M17.5 4.5l1.5-1.5M12.5 4.5L11 3']);
