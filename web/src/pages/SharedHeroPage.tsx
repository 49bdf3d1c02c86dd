import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { sharedHeroPreview } from '@starborn/zodiac';
import { Markdown } from '../components/Markdown';
import { usePageMeta } from '../components/usePageMeta';
import { sharedHeroErrorMessage, type SharedHero } from '../features/shares/shares';
import { useGetSharedHeroQuery } from '../features/shares/sharesApi';
import '../styles/heroes.css';
import '../styles/payments.css';
import { SignBadges } from '../features/heroes/SignBadges';
import { GalleryFigure, GalleryThumb } from '../features/heroes/GalleryParts';

/** Shared hero page: public; loading, an error card with Return Home, or the hero. */
export function SharedHeroPage() {
  const { shareId = '' } = useParams();
  const query = useGetSharedHeroQuery(shareId, { skip: shareId === '' });
  const hero = query.currentData;

  // The same tags the server puts in this page's HTML for link previewers.
  const preview = hero?.name
    ? sharedHeroPreview({
        name: hero.name,
        westernSign: hero.westernZodiac.sign,
        chineseSign: hero.chineseZodiac.sign,
      })
    : undefined;
  usePageMeta({
    title: preview?.title ?? 'Shared Hero',
    description: preview?.description ?? 'A hero born of the stars, shared from Starborn.',
    image: hero?.cardPath,
    card: hero?.cardPath ? 'summary_large_image' : undefined,
  });

  if (shareId === '' || query.isError) {
    return (
      <section className="status-page" aria-labelledby="shared-error-title">
        <div className="shared-error-card">
          <p className="eyebrow">Lost among the stars</p>
          <h1 id="shared-error-title">Hero Not Available</h1>
          <p className="lead" role="alert">
            {shareId === '' ? sharedHeroErrorMessage(undefined) : sharedHeroErrorMessage(query.error)}
          </p>
          <div className="actions actions--center">
            <Link to="/" className="button button--primary">
              Return Home
            </Link>
          </div>
        </div>
      </section>
    );
  }

  if (!hero) {
    return (
      <p className="hero-screen-loading" role="status">
        Loading shared hero...
      </p>
    );
  }

  return <SharedHeroView hero={hero} />;
}

function SharedHeroView({ hero }: { hero: SharedHero }) {
  const [selected, setSelected] = useState(0);
  const western = hero.westernZodiac;
  const chinese = hero.chineseZodiac;
  const index = Math.min(selected, Math.max(hero.images.length - 1, 0));
  const current = hero.images[index];

  return (
    <article className="hero-page container shared-hero" aria-labelledby="shared-hero-name">
      <header className="hero-page__header">
        <p className="eyebrow">A hero shared from Starborn</p>
        <h1 id="shared-hero-name" className="hero-page__name">
          <bdi>{hero.name}</bdi>
        </h1>
        <SignBadges western={western} chinese={chinese} />
      </header>

      <div className="hero-page__grid">
        <div className="hero-page__media">
          {current ? (
            <div className="gallery">
              <GalleryFigure name={hero.name} image={current} index={index} count={hero.images.length} />
              {hero.images.length > 1 && (
                <ul className="gallery__thumbs" aria-label="Hero images">
                  {hero.images.map((image, i) => (
                    <GalleryThumb
                      key={image.url}
                      image={image}
                      index={i}
                      active={i === index}
                      onSelect={() => setSelected(i)}
                    />
                  ))}
                </ul>
              )}
            </div>
          ) : null}
          <div className="shared-hero__cta">
            <p className="muted">Every hero begins with a birth date. What will the stars make of yours?</p>
            <Link to="/create" className="button button--primary button--large">
              Create Your Own Hero
            </Link>
          </div>
        </div>

        <div className="hero-page__details">
          {(western.sign || chinese.sign) && (
            <section className="hero-panel" aria-labelledby="shared-signs-title">
              <h2 id="shared-signs-title">Zodiac Signs</h2>
              <dl className="shared-hero__signs">
                <SignFact label="Western" {...western} />
                <SignFact label="Chinese" {...chinese} />
              </dl>
            </section>
          )}
          <section className="hero-panel hero-backstory" aria-labelledby="shared-backstory-title">
            <h2 id="shared-backstory-title">Backstory</h2>
            {hero.backstory ? (
              <Markdown text={hero.backstory} className="markdown hero-backstory__text" headingOffset={2} />
            ) : (
              <p className="muted">This hero’s story is still being written in the stars.</p>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

/** One sign of the hero, when known: the sign, its element and, for the Western one, its dates. */
function SignFact({
  label,
  sign,
  element,
  dateRange,
}: {
  label: string;
  sign: string;
  element: string;
  dateRange?: string;
}) {
  if (!sign) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {sign}
        {element && ` · ${element}`}
        {dateRange && <span className="muted"> ({dateRange})</span>}
      </dd>
    </div>
  );
}

export default SharedHeroPage;
