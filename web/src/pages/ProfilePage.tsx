import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { SmartImage } from '../components/SmartImage';
import { usePageMeta } from '../components/usePageMeta';
import { DataExport } from '../features/account/DataExport';
import { DeleteAccount } from '../features/account/DeleteAccount';
import { DisplayNameSection } from '../features/account/DisplayNameSection';
import { PasswordSection } from '../features/account/PasswordSection';
import { SessionsSection } from '../features/account/SessionsSection';
import { selectUser } from '../features/auth/authSlice';
import { greetingName } from '../features/auth/session';
import { useSignOut } from '../features/auth/useSignOut';
import { useGetUserHeroesQuery } from '../features/heroes/heroesApi';
import { CreateBlockedNote, CreateNewHeroButton } from '../features/heroes/CreateNewHero';
import { hasUnpaidHero, heroBadge, type Hero } from '../features/heroes/types';
import { SharedLinks } from '../features/shares/SharedLinks';
import '../styles/payments.css';

export const PROFILE_LOAD_FAILED = 'Failed to load your hero data. We are working on it.';

/**
 * Profile and account: name, email, Sign Out, the user's heroes, their shared links, Create New Hero,
 * then the account's settings, one section each.
 */
export function ProfilePage() {
  usePageMeta({ title: 'Your Profile', description: 'Your Starborn account, heroes and shared links.' });
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  const name = greetingName(user);
  const heroes = useGetUserHeroesQuery(undefined, { refetchOnMountOrArgChange: true });
  const failed = heroes.isError;
  const createNoteId = useId();
  const createBlocked = heroes.data ? hasUnpaidHero(heroes.data) : false;

  return (
    <section className="page container" aria-labelledby="profile-title">
      <header className="page-header">
        <p className="eyebrow">Your cosmic identity</p>
        <h1 id="profile-title">Your Profile</h1>
      </header>

      <div className="profile-card">
        <div className="profile-card__avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </div>
        <dl className="profile-card__details">
          <div>
            <dt>Name</dt>
            <dd>
              <bdi>{user?.name || '—'}</bdi>
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user?.email}</dd>
          </div>
        </dl>
        <button type="button" className="button button--ghost" onClick={() => void signOut()}>
          Sign Out
        </button>
      </div>

      {failed && (
        <p className="form-error profile-error" role="alert">
          {PROFILE_LOAD_FAILED}
        </p>
      )}

      <section className="profile-section" aria-labelledby="profile-heroes-title">
        <div className="profile-section__header">
          <h2 id="profile-heroes-title">Your Heroes</h2>
          <CreateNewHeroButton
            blocked={createBlocked}
            noteId={createNoteId}
            className="button button--primary button--small"
          />
        </div>
        {createBlocked && <CreateBlockedNote id={createNoteId} />}
        <ProfileList
          query={heroes}
          loading="Loading your heroes..."
          empty={
            <div className="empty-state profile-empty">
              <h3>No heroes yet</h3>
              <p className="muted">Your first hero is one birth date away.</p>
              <Link to="/create" className="button button--primary">
                Create Your First Hero
              </Link>
            </div>
          }
          className="profile-heroes"
        >
          {(hero) => <ProfileHero key={hero.heroId} hero={hero} />}
        </ProfileList>
      </section>

      <SharedLinks />

      {/* The account's settings: one <section> each (features/account/AccountSection), two abreast on a
          wide screen so the forms use the page's width. */}
      <div className="account-grid">
        <DisplayNameSection />
        <PasswordSection />
        <SessionsSection />
        <DataExport />
        <DeleteAccount />
      </div>
    </section>
  );
}

/**
 * One of the profile's lists: a loading line, nothing when it failed (the page says so once), the
 * empty state, or the items.
 */
function ProfileList<T>({
  query,
  loading,
  empty,
  className,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; data?: readonly T[] };
  loading: string;
  empty: ReactNode;
  className: string;
  children: (item: T) => ReactNode;
}) {
  const items = query.data ?? [];
  if (query.isLoading) {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  if (query.isError) return null;
  if (items.length === 0) return <>{empty}</>;
  return <ul className={className}>{items.map(children)}</ul>;
}

function ProfileHero({ hero }: { hero: Hero }) {
  const thumbnail = hero.images[0];
  const badge = heroBadge(hero);
  const signs = [hero.westernZodiac.sign, hero.chineseZodiac.sign].filter(Boolean).join(' · ');
  return (
    <li className="profile-hero">
      <div className="profile-hero__thumb">
        {thumbnail ? (
          <SmartImage src={thumbnail.url} alt="" width={96} height={96} className="profile-hero__image" />
        ) : (
          <span className="profile-hero__placeholder" aria-hidden="true">
            ✦
          </span>
        )}
      </div>
      <div className="profile-hero__body">
        <h3 className="profile-hero__name">
          <bdi>{hero.name || 'Unnamed hero'}</bdi>
        </h3>
        {signs && <p className="profile-hero__signs muted">{signs}</p>}
        {badge && <span className="status-badge">{badge}</span>}
      </div>
      <Link
        to={`/hero/${encodeURIComponent(hero.heroId)}`}
        className="button button--ghost button--small"
        aria-label={`View ${hero.name || 'hero'}`}
      >
        View
      </Link>
    </li>
  );
}

export default ProfilePage;
