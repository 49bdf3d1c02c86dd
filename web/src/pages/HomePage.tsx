import type { ReactNode } from 'react';
import { useAppSelector } from '../app/hooks';
import { CallToAction } from '../components/CallToAction';
import { MoonStarIcon, PenIcon, WandIcon } from '../components/HeroIcons';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { IMAGE_SIZES } from '../components/responsiveImage';
import { useHydrated } from '../components/useHydrated';
import { usePageMeta } from '../components/usePageMeta';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { EXAMPLE_HEROES } from '../features/heroes/examples';
import '../styles/heroes.css';

const STEPS = [
  {
    title: 'Connect With Your Zodiac',
    text: 'Enter your birth date. The stars reveal your Western sign and your Chinese zodiac animal, the two forces that shape your hero.',
    Icon: MoonStarIcon,
  },
  {
    title: 'Personalize Your Hero',
    text: 'Give your hero a name. Their traits, strengths and the companions they trust all flow from your signs.',
    Icon: PenIcon,
  },
  {
    title: 'AI-Powered Story Creation',
    text: 'Our AI paints your hero from three angles and writes the backstory of their legend, with a storybook that grows chapter by chapter.',
    Icon: WandIcon,
  },
] as const;

/** A section of the landing page under its heading: eyebrow, title and an optional lead. */
function LandingSection({
  id,
  eyebrow,
  title,
  lead,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className="landing-section" aria-labelledby={id}>
      <div className="container">
        <header className="section-heading">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={id}>{title}</h2>
          {lead && <p className="lead">{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

/** Landing page: headline, call to action, three steps, three example heroes, closing call. */
export function HomePage() {
  usePageMeta({});
  // A visitor's journey starts with an account (registering then opens the wizard); a signed-in
  // person's with the wizard. The prerendered page is a visitor's, so hydration sees its markup.
  const signedIn = useAppSelector(selectIsAuthenticated);
  const hydrated = useHydrated();
  const journeyStart = hydrated && signedIn ? '/create' : '/register';
  return (
    <>
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="container landing-hero__inner">
          <p className="eyebrow">Written in your stars</p>
          <h1 id="landing-title" className="landing-hero__title">
            Your Personalized Fantasy Story
          </h1>
          <p className="lead landing-hero__lead">
            Your birth date holds a Western sign and a Chinese zodiac animal. Give them a name, and Starborn
            forges a hero in their image: portraits from three angles, a backstory, and a storybook whose
            chapters unfold day by day.
          </p>
          <CallToAction to={journeyStart} label="Start Your Hero Journey" center />
          <div className="orbit" aria-hidden="true">
            <span className="orbit__ring orbit__ring--1" />
            <span className="orbit__ring orbit__ring--2" />
            <span className="orbit__ring orbit__ring--3" />
          </div>
        </div>
      </section>

      <LandingSection id="steps-title" eyebrow="How it works" title="Three Steps to Your Legend">
        <ol className="landing-steps">
          {STEPS.map(({ title, text, Icon }) => (
            <li key={title} className="landing-step">
              <span className="landing-step__icon" aria-hidden="true">
                <Icon width={26} height={26} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </LandingSection>

      <LandingSection
        id="examples-title"
        eyebrow="Born of the stars"
        title="Meet Heroes Forged by Starborn"
        lead="Three heroes, three birth dates. Each one shaped by a sign, an animal and a name."
      >
        <ul className="example-heroes">
          {EXAMPLE_HEROES.map((hero) => (
            <li key={hero.slug} className="example-hero">
              <ResponsiveImage
                src={hero.image}
                sources={hero.sources}
                sizes={IMAGE_SIZES.exampleHero}
                alt={`${hero.name}, ${hero.westernSign} hero born in the year of the ${hero.chineseSign}`}
                className="example-hero__image"
                width={512}
                height={512}
              />
              <div className="example-hero__body">
                <h3 className="example-hero__name">{hero.name}</h3>
                <ul className="sign-badges" aria-label={`${hero.name}'s signs`}>
                  <li className="sign-badge sign-badge--western">{hero.westernSign}</li>
                  <li className="sign-badge sign-badge--element">{hero.westernElement}</li>
                  <li className="sign-badge sign-badge--chinese">{hero.chineseSign}</li>
                </ul>
                <p className="example-hero__tagline">{hero.tagline}</p>
              </div>
            </li>
          ))}
        </ul>
      </LandingSection>

      <section className="landing-section" aria-labelledby="closing-title">
        <div className="container">
          <div className="landing-closing">
            <p className="eyebrow">Your turn</p>
            <h2 id="closing-title">Your Story Is Waiting in the Stars</h2>
            <p className="lead">
              It takes a birth date and a name. In about half a minute, your hero steps out of the cosmos.
            </p>
            <CallToAction to="/create" label="Create Your Hero" center />
          </div>
        </div>
      </section>
    </>
  );
}
