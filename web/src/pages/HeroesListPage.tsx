import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SearchIcon } from '../components/HeroIcons';
import { SearchInput } from '../components/SearchInput';
import { SmartImage } from '../components/SmartImage';
import { usePageMeta } from '../components/usePageMeta';
import { CreateBlockedNote, CreateNewHeroButton } from '../features/heroes/CreateNewHero';
import { useGetUserHeroesQuery } from '../features/heroes/heroesApi';
import {
  filterHeroesByName,
  hasUnpaidHero,
  heroBadge,
  isInProgress,
  type Hero,
} from '../features/heroes/types';
import { useHeroRealtime } from '../features/heroes/useHeroRealtime';
import '../styles/heroes.css';

const POLL_WHILE_GENERATING_MS = 5000;

/** Heroes list: 'Your Cosmic Heroes', searchable, with badges and empty states. */
export function HeroesListPage() {
  usePageMeta({ title: 'Your Cosmic Heroes', description: 'Every hero you have created, in one place.' });
  const [search, setSearch] = useState('');
  const searchId = useId();
  const noteId = useId();

  const query = useGetUserHeroesQuery(undefined, { refetchOnMountOrArgChange: true });
  const heroes = query.currentData;
  const generating = heroes?.some(isInProgress) ?? false;
  const { connected } = useHeroRealtime(() => void query.refetch());
  useGetUserHeroesQuery(undefined, {
    skip: !generating,
    pollingInterval: generating && !connected ? POLL_WHILE_GENERATING_MS : 0,
  });

  const blocked = heroes ? hasUnpaidHero(heroes) : false;
  const visible = heroes ? filterHeroesByName(heroes, search) : [];

  return (
    <section className="page container heroes-page" aria-labelledby="heroes-title">
      <header className="page-header heroes-page__header">
        <div>
          <p className="eyebrow">Your constellation</p>
          <h1 id="heroes-title">Your Cosmic Heroes</h1>
        </div>
        <div className="heroes-page__create">
          <CreateNewHeroButton blocked={blocked} noteId={noteId} className="button button--primary" />
        </div>
      </header>

      {blocked && <CreateBlockedNote id={noteId} />}

      {heroes && heroes.length > 0 && (
        <div className="hero-search">
          <label htmlFor={searchId} className="hero-sr-only">
            Search heroes by name
          </label>
          <SearchIcon className="hero-search__icon" />
          <SearchInput
            id={searchId}
            className="hero-search__input"
            placeholder="Search heroes by name"
            value={search}
            onSearch={setSearch}
          />
        </div>
      )}

      <HeroesListBody query={query} heroes={heroes} visible={visible} onClearSearch={() => setSearch('')} />
    </section>
  );
}

interface BodyProps {
  query: ReturnType<typeof useGetUserHeroesQuery>;
  heroes: Hero[] | undefined;
  visible: Hero[];
  onClearSearch: () => void;
}

function HeroesListBody({ query, heroes, visible, onClearSearch }: BodyProps) {
  if (!heroes) {
    if (query.isError) {
      return (
        <div className="empty-state" role="alert">
          <h2>Something went wrong</h2>
          <p className="muted">Failed to load heroes. Please try again.</p>
          <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
            Try Again
          </button>
        </div>
      );
    }
    return (
      <p className="heroes-page__loading" role="status">
        Gathering your heroes...
      </p>
    );
  }

  if (heroes.length === 0) {
    return (
      <div className="empty-state">
        <h2>You Haven't Created Any Heroes Yet</h2>
        <p className="muted">Your birth date and a name are all it takes to forge your first hero.</p>
        <Link to="/create" className="button button--primary">
          Create Your First Hero
        </Link>
      </div>
    );
  }

  if (visible.length === 0) {
    return (
      <div className="empty-state">
        <h2>No Heroes Found</h2>
        <p className="muted">No hero’s name matches your search.</p>
        <button type="button" className="button button--ghost" onClick={onClearSearch}>
          Clear Search
        </button>
      </div>
    );
  }

  return (
    <ul className="hero-grid" aria-label="Heroes">
      {visible.map((hero) => (
        <li key={hero.heroId}>
          <HeroCard hero={hero} />
        </li>
      ))}
    </ul>
  );
}

function HeroCard({ hero }: { hero: Hero }) {
  const badge = heroBadge(hero);
  const avatar = hero.images[0];
  return (
    <Link to={`/hero/${hero.heroId}`} className="hero-card">
      <div className="hero-card__media">
        {avatar ? (
          <SmartImage src={avatar.url} alt="" className="hero-card__image" width={512} height={512} />
        ) : (
          <div className="hero-card__placeholder">
            <span>Image generating...</span>
          </div>
        )}
        {badge && (
          <span
            className={`hero-card__badge hero-card__badge--${badge === 'Premium' ? 'premium' : 'generating'}`}
          >
            {badge}
          </span>
        )}
      </div>
      <div className="hero-card__body">
        <h2 className="hero-card__name">
          <bdi>{hero.name}</bdi>
        </h2>
        <p className="hero-card__signs">
          {[hero.westernZodiac.sign, hero.chineseZodiac.sign].filter(Boolean).join(' · ')}
        </p>
      </div>
    </Link>
  );
}

export default HeroesListPage;
