import { useEffect, useMemo, useState } from 'react';
import { useHydrated } from '../../components/useHydrated';
import { makeStars, starCount, type Star } from './stars';

function viewportStarCount(): number {
  return starCount(window.innerWidth, window.innerHeight);
}

function StarDot({ star }: { star: Star }) {
  return (
    <span
      className="star"
      style={{
        left: `${star.x}%`,
        top: `${star.y}%`,
        width: star.size,
        height: star.size,
        opacity: star.opacity,
      }}
    />
  );
}

/**
 * Fixed, decorative star field behind every page; recounted when the window is resized. The stars
 * live below the header band: the header is transparent at the top of a page, and a star there would
 * shine between the letters of the navigation. The twinkling stars share one layer whose opacity is
 * animated: one animation for the whole sky, run by the compositor, instead of one per star (each of
 * which cost the main thread work on every frame of a page at rest).
 */
export function StarBackground() {
  // The server knows no window: the stars come out once the page is hydrated.
  const hydrated = useHydrated();
  const [viewportCount, setCount] = useState(() => (typeof window === 'undefined' ? 0 : viewportStarCount()));
  const count = hydrated ? viewportCount : 0;

  useEffect(() => {
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCount(viewportStarCount()));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const stars = useMemo(() => makeStars(count), [count]);

  return (
    <div className="starfield" aria-hidden="true" data-star-count={count}>
      <div className="starfield__nebula" />
      <div className="starfield__sky">
        {stars.map((star, i) => (star.twinkles ? null : <StarDot key={i} star={star} />))}
        <div className="starfield__twinkle">
          {stars.map((star, i) => (star.twinkles ? <StarDot key={i} star={star} /> : null))}
        </div>
      </div>
    </div>
  );
}
