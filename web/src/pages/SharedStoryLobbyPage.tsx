import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../components/usePageMeta';
import { checkoutPath } from '../features/heroes/types';
import {
  createRoomErrorMessage,
  createRoomRefusal,
  formatRoomDate,
  insideLabel,
  ROOM_TEXT,
  timeAgo,
} from '../features/rooms/roomRules';
import { useCreateRoomMutation, useGetActiveRoomsQuery } from '../features/rooms/roomsApi';
import type { SelectedHero } from '../features/rooms/roomsSlice';
import type { RoomSummary } from '../features/rooms/types';
import { StoryAvatar } from '../features/rooms/StoryAvatar';
import { useSharedStoryHero } from '../features/rooms/useSharedStoryHero';
import '../styles/heroes.css';
import '../styles/rooms.css';

/** The lobby's list follows the live counts while it is on screen. */
const ROOMS_POLL_MS = 15_000;

/** Shared story lobby (/shared-story). */
export function SharedStoryLobbyPage() {
  usePageMeta({
    title: 'Shared Stories',
    description: 'Live story rooms where premium heroes adventure together with an AI narrator.',
  });
  const [params] = useSearchParams();
  const requestedId = params.get('heroId');
  const { hero, loading, none } = useSharedStoryHero(requestedId);

  // Neither a hero nor a room id sends the user to pick one.
  if (none && !requestedId) return <Navigate to="/heroes" replace />;

  return (
    <section className="page container story-lobby" aria-labelledby="story-lobby-title">
      <header className="page-header story-lobby__header">
        <p className="eyebrow">Adventure together</p>
        <h1 id="story-lobby-title">Shared Stories</h1>
        <p className="lead">
          Gather with other heroes in a live room while an AI narrator weaves your adventure together.
        </p>
      </header>

      <div className="story-lobby__grid">
        <SelectedHeroPanel hero={hero} loading={loading} />
        <ActiveRooms />
      </div>
    </section>
  );
}

function SelectedHeroPanel({ hero, loading }: { hero: SelectedHero | null; loading: boolean }) {
  const titleId = useId();
  return (
    <section className="story-panel story-hero" aria-labelledby={titleId}>
      <h2 id={titleId}>Your Hero</h2>
      {loading ? (
        <p className="story-muted" role="status">
          Finding your hero...
        </p>
      ) : hero ? (
        <HeroCard hero={hero} />
      ) : (
        <div className="story-empty">
          <p className="story-empty__title">{ROOM_TEXT.noHeroSelected}</p>
          <Link to="/heroes" className="button button--ghost button--small">
            {ROOM_TEXT.selectHero}
          </Link>
        </div>
      )}
      <CreateRoom hero={hero} loading={loading} />
    </section>
  );
}

function HeroCard({ hero }: { hero: SelectedHero }) {
  const premium = hero.paymentStatus === 'paid';
  return (
    <div className="story-hero__card" data-testid="selected-hero">
      <StoryAvatar name={hero.name} src={hero.avatar} size="large" />
      <div className="story-hero__details">
        <p className="story-hero__name" dir="auto">
          {hero.name || 'Unnamed hero'}
        </p>
        <span className={`story-badge ${premium ? 'story-badge--premium' : 'story-badge--muted'}`}>
          {premium ? 'Premium' : 'Non-Premium'}
        </span>
        {!premium && (
          <p className="story-hero__upgrade">
            <span className="story-muted">Only premium heroes can create rooms and send messages. </span>
            <Link to={checkoutPath(hero.heroId)}>Upgrade</Link>
          </p>
        )}
      </div>
    </div>
  );
}

function CreateRoom({ hero, loading }: { hero: SelectedHero | null; loading: boolean }) {
  const navigate = useNavigate();
  const [createRoom, state] = useCreateRoomMutation();
  const [error, setError] = useState<string | null>(null);
  const premium = hero?.paymentStatus === 'paid';
  const refusal = createRoomRefusal(hero ? { isPremium: premium } : null);
  // While the hero is on its way nothing is refused yet: the button says it is waiting.
  const label = loading
    ? ROOM_TEXT.heroLoading
    : refusal
      ? ROOM_TEXT.premiumRequired
      : ROOM_TEXT.createButton;

  async function handleCreate() {
    setError(null);
    if (refusal || !hero) {
      setError(refusal);
      return;
    }
    try {
      const { roomId } = await createRoom(hero.heroId).unwrap();
      if (!roomId) throw new Error('The server answered without a room id.');
      void navigate(`/shared-story/${encodeURIComponent(roomId)}`);
    } catch (failure) {
      setError(createRoomErrorMessage(failure));
    }
  }

  return (
    <div className="story-create">
      <button
        type="button"
        className="button button--primary button--block"
        disabled={loading || refusal !== null || state.isLoading}
        aria-busy={loading || undefined}
        onClick={() => void handleCreate()}
      >
        {label}
      </button>
      {state.isLoading && (
        <p className="story-muted story-create__status" role="status">
          {ROOM_TEXT.creating}
        </p>
      )}
      {error && (
        <p className="form-error story-create__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function ActiveRooms() {
  const titleId = useId();
  const rooms = useGetActiveRoomsQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: ROOMS_POLL_MS,
  });
  const list = rooms.currentData ?? rooms.data;

  return (
    <section className="story-panel story-rooms" aria-labelledby={titleId}>
      <h2 id={titleId}>Active Shared Stories</h2>
      {!list && rooms.isError ? (
        <p className="form-error" role="alert">
          {ROOM_TEXT.roomsFailed}
        </p>
      ) : !list ? (
        <p className="story-muted" role="status">
          {ROOM_TEXT.roomsLoading}
        </p>
      ) : list.length === 0 ? (
        <p className="story-empty__title">{ROOM_TEXT.noRooms}</p>
      ) : (
        <ul className="story-rooms__list" aria-label="Active rooms">
          {list.map((room) => (
            <li key={room.id}>
              <RoomRow room={room} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One active room, told apart from the others: its title, its host hero, how long ago a hero last
 * wrote in it (or that someone is in it now), and who is inside.
 */
function RoomRow({ room }: { room: RoomSummary }) {
  const created = formatRoomDate(room.created);
  const inside = room.participantCount + room.spectatorCount;
  const lastActivity = room.lastMessageAt ? timeAgo(room.lastMessageAt) : null;
  const hostName = room.host?.name || 'Unnamed hero';
  return (
    <article className="story-room" data-testid="room-row" data-room-id={room.id}>
      <div className="story-room__main">
        <h3 className="story-room__title" dir="auto">
          {room.title}
        </h3>
        <p className="story-room__host" data-testid="room-host">
          <StoryAvatar name={hostName} src={room.host?.avatar ?? null} size="small" />
          <span>
            Hosted by <bdi className="story-room__host-name">{hostName}</bdi>
          </span>
        </p>
        <dl className="story-room__meta">
          <div>
            <dt>Last message</dt>
            <dd data-testid="room-last-activity">
              {lastActivity && room.lastMessageAt ? (
                <time dateTime={room.lastMessageAt}>{lastActivity}</time>
              ) : (
                'None yet'
              )}
            </dd>
          </div>
          <div>
            <dt>Heroes</dt>
            <dd data-testid="room-heroes">{room.participantCount}</dd>
          </div>
          <div>
            <dt>Spectators</dt>
            <dd data-testid="room-spectators">{room.spectatorCount}</dd>
          </div>
        </dl>
        <WhoIsInside room={room} />
      </div>
      <Link
        to={`/shared-story/${encodeURIComponent(room.id)}`}
        className="button button--ghost button--small"
      >
        Join
        <span className="hero-sr-only">
          {' '}
          <bdi>{room.title}</bdi>, hosted by <bdi>{hostName}</bdi>
          {inside > 0 ? `, ${insideLabel(inside)}` : ''}, created {created}
        </span>
      </Link>
    </article>
  );
}

/** The heroes connected to a room now: avatars and names, and how many more. */
function WhoIsInside({ room }: { room: RoomSummary }) {
  const total = room.participantCount + room.spectatorCount;
  if (total === 0) return <p className="story-room__inside story-muted">{ROOM_TEXT.nobodyInside}</p>;
  const more = total - room.heroes.length;
  return (
    <div className="story-room__inside" data-testid="room-inside">
      <span className="story-room__live">{insideLabel(total)}</span>
      <ul className="story-room__heroes" aria-label={`Heroes in ${room.title}`}>
        {room.heroes.map((hero) => (
          <li key={hero.id} className="story-room__hero">
            <StoryAvatar name={hero.name} src={hero.avatar} size="small" />
            <span className="story-room__hero-name">
              <bdi>{hero.name || 'Unnamed hero'}</bdi>
              {hero.role === 'spectator' && <span className="story-muted"> (watching)</span>}
            </span>
          </li>
        ))}
        {more > 0 && <li className="story-room__hero story-muted">+{more} more</li>}
      </ul>
    </div>
  );
}

export default SharedStoryLobbyPage;
