import { CHINESE_ANIMALS, WESTERN_SIGNS, type WesternElement } from '@starborn/zodiac';
import type { ReactNode } from 'react';
import {
  ELEMENT_DESCRIPTIONS,
  ELEMENTS,
  ZODIAC_GUIDE,
  guideAnchor,
  nearbyYears,
  signsOfElement,
} from '../../content/zodiacGuide';
import { useCurrentYear } from '../../app/useCurrentYear';
import { CallToAction } from '../../components/CallToAction';
import { usePageMeta } from '../../components/usePageMeta';
import { useScrollToHash } from './useScrollToHash';
import '../../styles/content.css';

function ElementBadge({ element }: { element: WesternElement }) {
  return <span className={`element-badge element-badge--${element.toLowerCase()}`}>{element}</span>;
}

interface SignCardProps {
  /** The id of the card's heading, also the anchor the guide links to. */
  id: string;
  /** The card's colour: the sign's element, or `animal`. */
  kind: string;
  symbol: ReactNode;
  /** A number (the animal's place in the cycle) instead of a glyph. */
  numbered?: boolean;
  name: string;
  dates: string;
  element?: WesternElement;
  traits: readonly string[];
  description: string;
  /** The facts under the description, as label and text. */
  more: ReadonlyArray<readonly [string, string]>;
}

/** The card of one Western sign or Chinese animal. */
function SignCard({
  id,
  kind,
  symbol,
  numbered,
  name,
  dates,
  element,
  traits,
  description,
  more,
}: SignCardProps) {
  return (
    <article className={`sign-card sign-card--${kind}`} aria-labelledby={id}>
      <div className="sign-card__head">
        <span
          className={numbered ? 'sign-card__symbol sign-card__symbol--number' : 'sign-card__symbol'}
          aria-hidden="true"
        >
          {symbol}
        </span>
        <div>
          <h3 id={id} className="sign-card__name">
            {name}
          </h3>
          <p className="sign-card__dates">{dates}</p>
        </div>
      </div>
      <dl className="sign-card__facts">
        {element && (
          <div>
            <dt>Element</dt>
            <dd>
              <ElementBadge element={element} />
            </dd>
          </div>
        )}
        <div>
          <dt>Traits</dt>
          <dd>
            <ul className="chip-list">
              {traits.map((trait) => (
                <li key={trait} className="chip">
                  {trait}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <p className="sign-card__description">{description}</p>
      <dl className="sign-card__more">
        {more.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** Twelve signs with dates, element, traits and description, and the twelve animals. */
export default function ZodiacGuidePage() {
  usePageMeta({ title: ZODIAC_GUIDE.title, description: ZODIAC_GUIDE.description });
  useScrollToHash();
  const currentYear = useCurrentYear();

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
              <SignCard
                id={guideAnchor('sign', sign.name)}
                kind={sign.element.toLowerCase()}
                symbol={`${sign.symbol}\uFE0E`}
                name={sign.name}
                dates={sign.dates}
                element={sign.element}
                traits={sign.traits}
                description={sign.description}
                more={[
                  ['Strengths', sign.strengths.join(', ')],
                  ['Weaknesses', sign.weaknesses.join(', ')],
                ]}
              />
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
              <SignCard
                id={guideAnchor('animal', animal.name)}
                kind="animal"
                symbol={animal.index + 1}
                numbered
                name={animal.name}
                dates={`Years: ${nearbyYears(animal.years, currentYear).join(', ')}`}
                traits={animal.traits}
                description={animal.description}
                more={[['Compatible with', animal.compatibility.join(', ')]]}
              />
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
          <CallToAction to="/create" label="Start Your Hero Journey" center />
        </div>
      </section>
    </div>
  );
}
