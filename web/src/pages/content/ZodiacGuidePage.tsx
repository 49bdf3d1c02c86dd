import { CHINESE_ANIMALS, WESTERN_SIGNS, type WesternElement } from '@starborn/zodiac';
import { Link } from 'react-router';
import {
  ELEMENT_DESCRIPTIONS,
  ELEMENTS,
  ZODIAC_GUIDE,
  guideAnchor,
  nearbyYears,
  signsOfElement,
} from '../../content/zodiacGuide';
import { usePageMeta } from '../../components/usePageMeta';
import { useScrollToHash } from './useScrollToHash';
import '../../styles/content.css';

function ElementBadge({ element }: { element: WesternElement }) {
  return <span className={`element-badge element-badge--${element.toLowerCase()}`}>{element}</span>;
}

/** Twelve signs with dates, element, traits and description, and the twelve animals. */
export default function ZodiacGuidePage() {
  usePageMeta({ title: ZODIAC_GUIDE.title, description: ZODIAC_GUIDE.description });
  useScrollToHash();
  const currentYear = new Date().getFullYear();

  return (
    <div className="content-page">
      <header className="container content-hero">
        <p className="eyebrow">{ZODIAC_GUIDE.eyebrow}</p>
        <h1>{ZODIAC_GUIDE.title}</h1>
        <p className="lead">{ZODIAC_GUIDE.intro}</p>
        <nav className="jump-links" aria-label="Zodiac guide sections">
          <a href="#western-signs">Western signs</a>
          <a href="#elements">The four elements</a>
          <a href="#chinese-animals">Chinese animals</a>
        </nav>
      </header>

      <section className="container guide-section" aria-labelledby="western-signs">
        <h2 id="western-signs">The Twelve Western Signs</h2>
        <p className="muted guide-section__intro">
          In zodiac order, from the spring equinox. The dates are inclusive.
        </p>
        <ul className="sign-grid">
          {WESTERN_SIGNS.map((sign) => (
            <li key={sign.name}>
              <article
                className={`sign-card sign-card--${sign.element.toLowerCase()}`}
                aria-labelledby={guideAnchor('sign', sign.name)}
              >
                <div className="sign-card__head">
                  <span className="sign-card__symbol" aria-hidden="true">
                    {`${sign.symbol}\uFE0E`}
                  </span>
                  <div>
                    <h3 id={guideAnchor('sign', sign.name)} className="sign-card__name">
                      {sign.name}
                    </h3>
                    <p className="sign-card__dates">{sign.dates}</p>
                  </div>
                </div>
                <dl className="sign-card__facts">
                  <div>
                    <dt>Element</dt>
                    <dd>
                      <ElementBadge element={sign.element} />
                    </dd>
                  </div>
                  <div>
                    <dt>Traits</dt>
                    <dd>
                      <ul className="chip-list">
                        {sign.traits.map((trait) => (
                          <li key={trait} className="chip">
                            {trait}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                </dl>
                <p className="sign-card__description">{sign.description}</p>
                <dl className="sign-card__more">
                  <div>
                    <dt>Strengths</dt>
                    <dd>{sign.strengths.join(', ')}</dd>
                  </div>
                  <div>
                    <dt>Weaknesses</dt>
                    <dd>{sign.weaknesses.join(', ')}</dd>
                  </div>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section className="container guide-section" aria-labelledby="elements">
        <h2 id="elements">The Four Elements</h2>
        <ul className="element-grid">
          {ELEMENTS.map((element) => (
            <li key={element} className={`element-card element-card--${element.toLowerCase()}`}>
              <h3>{element}</h3>
              <p>{ELEMENT_DESCRIPTIONS[element]}</p>
              <p className="element-card__signs">
                {signsOfElement(element).map((sign, index, all) => (
                  <span key={sign.name}>
                    <a href={`#${guideAnchor('sign', sign.name)}`}>{sign.name}</a>
                    {index < all.length - 1 ? ', ' : ''}
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container guide-section" aria-labelledby="chinese-animals">
        <h2 id="chinese-animals">The Twelve Chinese Animals</h2>
        <p className="muted guide-section__intro">{ZODIAC_GUIDE.chineseIntro}</p>
        <ul className="sign-grid">
          {CHINESE_ANIMALS.map((animal) => (
            <li key={animal.name}>
              <article
                className="sign-card sign-card--animal"
                aria-labelledby={guideAnchor('animal', animal.name)}
              >
                <div className="sign-card__head">
                  <span className="sign-card__symbol sign-card__symbol--number" aria-hidden="true">
                    {animal.index + 1}
                  </span>
                  <div>
                    <h3 id={guideAnchor('animal', animal.name)} className="sign-card__name">
                      {animal.name}
                    </h3>
                    <p className="sign-card__dates">
                      Years: {nearbyYears(animal.years, currentYear).join(', ')}
                    </p>
                  </div>
                </div>
                <dl className="sign-card__facts">
                  <div>
                    <dt>Traits</dt>
                    <dd>
                      <ul className="chip-list">
                        {animal.traits.map((trait) => (
                          <li key={trait} className="chip">
                            {trait}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                </dl>
                <p className="sign-card__description">{animal.description}</p>
                <dl className="sign-card__more">
                  <div>
                    <dt>Compatible with</dt>
                    <dd>{animal.compatibility.join(', ')}</dd>
                  </div>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section className="container">
        <div className="cta-panel cta-panel--center">
          <h2>Meet the hero of your two skies</h2>
          <p>
            Enter your birth date and a name, and Starborn will forge a hero from your sign and your animal.
          </p>
          <div className="actions actions--center">
            <Link to="/create" className="button button--primary button--large">
              Start Your Hero Journey
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
