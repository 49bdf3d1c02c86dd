import { useId } from 'react';
import type { Article } from '../../content/blog';

// Star positions for the covers, fixed so the art is the same on every visit (viewBox 0 0 640 320).
const STARS: ReadonlyArray<[number, number, number]> = [
  [42, 38, 1.4],
  [96, 120, 1],
  [150, 62, 1.8],
  [208, 250, 1.1],
  [250, 34, 1],
  [300, 150, 1.3],
  [352, 280, 1],
  [388, 48, 1.6],
  [446, 200, 1],
  [488, 92, 1.2],
  [532, 264, 1.5],
  [580, 40, 1],
  [612, 180, 1.3],
  [70, 220, 1.2],
  [128, 290, 1],
  [560, 130, 1],
  [24, 150, 1],
  [420, 130, 1.1],
];

// A lion-like constellation for the archetypes article.
const CONSTELLATION: ReadonlyArray<[number, number]> = [
  [180, 210],
  [230, 150],
  [290, 130],
  [340, 100],
  [395, 120],
  [410, 175],
  [470, 190],
  [520, 160],
];

/** Decorative cover illustrations drawn in SVG (allowed by the CSP, no image request). */
export function ArticleCover({ cover, className }: { cover: Article['cover']; className?: string }) {
  const id = useId().replace(/:/g, '');
  const sky = `${id}-sky`;
  const glow = `${id}-glow`;
  return (
    <svg
      className={`article-cover ${className ?? ''}`}
      viewBox="0 0 640 320"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={cover === 'constellation' ? '#1d1147' : '#0c1a3a'} />
          <stop offset="1" stopColor={cover === 'constellation' ? '#3b1d6e' : '#2b1450'} />
        </linearGradient>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#ffd98a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffd98a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="640" height="320" fill={`url(#${sky})`} />
      {STARS.map(([x, y, r]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r} fill="#fff" opacity="0.75" />
      ))}
      {cover === 'constellation' ? (
        <g>
          <circle
            cx="320"
            cy="160"
            r="128"
            fill="none"
            stroke="#a78bfa"
            strokeOpacity="0.35"
            strokeDasharray="4 8"
          />
          <circle cx="320" cy="160" r="92" fill="none" stroke="#f6c96b" strokeOpacity="0.3" />
          <polyline
            points={CONSTELLATION.map(([x, y]) => `${x},${y}`).join(' ')}
            fill="none"
            stroke="#f6c96b"
            strokeOpacity="0.8"
            strokeWidth="1.5"
          />
          {CONSTELLATION.map(([x, y]) => (
            <g key={`${x}-${y}`}>
              <circle cx={x} cy={y} r="10" fill={`url(#${glow})`} />
              <circle cx={x} cy={y} r="3" fill="#fff6d8" />
            </g>
          ))}
        </g>
      ) : (
        <g>
          <path
            d="M0 320 L150 190 L230 250 L340 140 L430 230 L520 170 L640 260 L640 320 Z"
            fill="#120a2c"
            opacity="0.9"
          />
          <path
            d="M60 300 C 160 270, 140 220, 250 210 S 380 170, 420 120 S 520 70, 560 60"
            fill="none"
            stroke="#f6c96b"
            strokeWidth="2"
            strokeDasharray="2 9"
            strokeLinecap="round"
          />
          <circle cx="560" cy="60" r="34" fill={`url(#${glow})`} />
          <circle cx="560" cy="60" r="6" fill="#fff6d8" />
          <circle cx="110" cy="70" r="26" fill="#e9e3ff" opacity="0.85" />
          <circle cx="122" cy="62" r="24" fill={`url(#${sky})`} />
        </g>
      )}
    </svg>
  );
}
