import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ROOM_MESSAGES } from '@starborn/contracts';
import { asApiError } from '../app/apiErrors';
import { useAppSelector } from '../app/hooks';
import { selectUser } from '../features/auth/authSlice';
import { SmartImage } from '../components/SmartImage';
import { usePageMeta } from '../components/usePageMeta';
import { useGetHeroQuery } from '../features/heroes/heroesApi';
import { checkoutPath, type Hero } from '../features/heroes/types';
import {
  canSendMessages,
  heroCountLabel,
  heroIsPremiumInRoom,
  presentHeroIds,
  roleBadgeLabel,
  roleNote,
  roomInviteUrl,
  ROOM_TEXT,
} from '../features/rooms/roomRules';
import { useGetRoomDetailQuery, type RoomDetailArgs } from '../features/rooms/roomsApi';
import { forgetRoomReturn, rememberRoomReturn, roomPathWithHero } from '../features/rooms/roomReturn';
import { selectRoomView, type RoomViewState, type SelectedHero } from '../features/rooms/roomsSlice';
import { DEFAULT_ROOM_TITLE, type RoomRole } from '../features/rooms/types';
import { RemoveHeroButton } from '../features/rooms/RemoveHeroButton';
import { ChatPane } from '../features/rooms/ChatPane';
import { HostBadge } from '../features/rooms/HostBadge';
import { RoomHostPanel } from '../features/rooms/RoomHostPanel';
import { useRoomConnection } from '../features/rooms/useRoomConnection';
import { StoryAvatar } from '../features/rooms/StoryAvatar';
import { useSharedStoryHero } from '../features/rooms/useSharedStoryHero';
import { CopyLink } from '../features/shares/CopyLink';
import { NotFoundPage } from './NotFoundPage';
import '../styles/heroes.css';
import '../styles/rooms.css';

/** Room view (/shared-story/{roomId}). */
export function SharedStoryRoomPage() {
  const { roomId = '' } = useParams();
  const [params] = useSearchParams();
  const { hero, loading: heroLoading, none, heroes } = useSharedStoryHero(params.get('heroId'));
  const heroId = hero?.heroId ?? null;
  // An invite link (`?invite=`) lets the hero into an invite-only room.
  const invite = params.get('invite') ?? undefined;
  const { send } = useRoomConnection(roomId, heroId, invite ?? null);
  const room = useAppSelector(selectRoomView);
  // The invite token goes along: an invite-only room shows its detail to members and invitees only.
  const detailArgs = useMemo(() => ({ roomId, invite }), [roomId, invite]);
  const detail = useGetRoomDetailQuery(detailArgs, { skip: roomId === '', refetchOnMountOrArgChange: true });
  const title = detail.data?.title ?? DEFAULT_ROOM_TITLE;
  const joined = room.roomId === roomId && room.status === 'joined';

  usePageMeta({ title, description: 'A live shared story room where heroes adventure with an AI narrator.' });

  // Back in the room the wizard was to lead back to: the way back has served.
  useEffect(() => {
    if (joined) forgetRoomReturn(window.sessionStorage);
  }, [joined]);

  // An unknown room gets the 404 page, not a retry: the server says so over the socket, or (before a
  // hero is picked) its detail answers 404 to a link without an invite token.
  const unknownRoom = !invite && !detail.data && detail.isError && asApiError(detail.error)?.status === 404;
  if (!heroLoading && !hero) {
    if (unknownRoom) return <NotFoundPage kind="room" />;
    // An invitation opened without a hero: make one (and come back), or pick one of the own heroes.
    if (none) return <NoHeroScreen roomId={roomId} title={title} invite={params.get('invite')} />;
    if (heroes.length > 0)
      return <PickHeroScreen roomId={roomId} title={title} heroes={heroes} invite={params.get('invite')} />;
    return <RoomErrorScreen message={ROOM_TEXT.selectHeroFirst} />;
  }
  const current = room.roomId === roomId && room.heroId === heroId;
  // Removed live, or refused on coming back (the invite link opened again): the same clear screen.
  if (current && (room.removed || (room.status === 'error' && room.error === ROOM_TEXT.removedFromRoom)))
    return <RemovedScreen />;
  if (current && room.status === 'error' && room.error === ROOM_MESSAGES.roomNotFound)
    return <NotFoundPage kind="room" />;
  if (current && room.status === 'error')
    return <RoomErrorScreen message={room.error ?? ROOM_TEXT.socketError} />;
  if (!hero || !current || room.status !== 'joined' || !room.role) return <RoomLoadingScreen />;

  return (
    <RoomView detailArgs={detailArgs} title={title} hero={hero} room={room} role={room.role} send={send} />
  );
}

function RoomLoadingScreen() {
  return (
    <section className="status-page story-status" aria-labelledby="story-loading-title" aria-busy="true">
      <span className="story-spinner story-spinner--large" aria-hidden="true" />
      <h1 id="story-loading-title" className="story-status__title">
        Shared Story
      </h1>
      <p className="lead" role="status">
        {ROOM_TEXT.joining}
      </p>
    </section>
  );
}

/** Someone invited to a room without any hero: the wizard, remembering this room for the way back. */
function NoHeroScreen({ roomId, title, invite }: { roomId: string; title: string; invite: string | null }) {
  const user = useAppSelector(selectUser);
  return (
    <section className="status-page story-status" aria-labelledby="story-nohero-title">
      <p className="eyebrow">
        You are invited to “<bdi>{title}</bdi>”
      </p>
      <h1 id="story-nohero-title">Create a Hero to Join</h1>
      <p className="lead">
        Shared stories are told by heroes. Create yours in three small steps, and we will bring you back to
        this room once it is ready.
      </p>
      <div className="actions actions--center">
        <Link
          to="/create"
          className="button button--primary"
          onClick={() => user && rememberRoomReturn(window.sessionStorage, user.id, roomId, invite)}
        >
          Create Your Hero
        </Link>
        <Link to="/shared-story" className="button button--ghost">
          Browse Shared Stories
        </Link>
      </div>
    </section>
  );
}

/** Someone with heroes, none of them chosen (an address naming a hero that is not theirs): a picker. */
function PickHeroScreen({
  roomId,
  title,
  heroes,
  invite,
}: {
  roomId: string;
  title: string;
  heroes: Hero[];
  invite: string | null;
}) {
  const titleId = useId();
  return (
    <section className="page container story-pick" aria-labelledby={titleId}>
      <p className="eyebrow">
        You are invited to “<bdi>{title}</bdi>”
      </p>
      <h1 id={titleId}>Choose the Hero Who Joins</h1>
      <p className="lead">Premium heroes take part in the story; other heroes watch it unfold.</p>
      <ul className="story-pick__list" aria-label="Your heroes">
        {heroes.map((choice) => {
          const premium = choice.paymentStatus === 'paid';
          const avatar = choice.images[0]?.url ?? null;
          return (
            <li key={choice.heroId}>
              <Link
                className="story-pick__hero"
                // The invite link's token goes along with the chosen hero.
                to={`${roomPathWithHero(roomId, choice.heroId)}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`}
              >
                <StoryAvatar name={choice.name} src={avatar} />
                <span className="story-pick__name" dir="auto">
                  {choice.name || 'Unnamed hero'}
                </span>
                <span className={`story-badge ${premium ? 'story-badge--premium' : 'story-badge--muted'}`}>
                  {premium ? 'Premium' : 'Non-Premium'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The host removed this hero: out of the room, told why. */
function RemovedScreen() {
  return (
    <section className="status-page story-status" aria-labelledby="story-removed-title">
      <h1 id="story-removed-title">Removed from This Story</h1>
      <p className="lead" role="status">
        {ROOM_TEXT.removedFromRoom}
      </p>
      <div className="actions actions--center">
        <Link to="/shared-story" className="button button--primary">
          Browse Shared Stories
        </Link>
      </div>
    </section>
  );
}

/** 'Error' with the message, Try Again (reload) and Select Different Hero. */
function RoomErrorScreen({ message }: { message: string }) {
  return (
    <section className="status-page story-status" aria-labelledby="story-error-title">
      <h1 id="story-error-title">Error</h1>
      <p className="lead" role="alert">
        {message}
      </p>
      <div className="actions actions--center">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
        <Link to="/heroes" className="button button--ghost">
          Select Different Hero
        </Link>
      </div>
    </section>
  );
}

interface RoomViewProps {
  /** The room, and the invite token the page was opened with. */
  detailArgs: RoomDetailArgs;
  title: string;
  hero: SelectedHero;
  room: RoomViewState;
  role: RoomRole;
  send: (text: string) => boolean;
}

function RoomView({ detailArgs, title, hero, room, role, send }: RoomViewProps) {
  const { roomId } = detailArgs;
  const [inviteOpen, setInviteOpen] = useState(false);
  const inviteId = useId();
  const heroQuery = useGetHeroQuery(hero.heroId, { refetchOnMountOrArgChange: true });
  const fetched = heroQuery.currentData;
  const premium = heroIsPremiumInRoom(room.isPremium, fetched, hero);
  const detail = useGetRoomDetailQuery(detailArgs);

  // A hero new to the room (presence) or what the host changes (title, invite-only, removals, closing):
  // the heroes list is read again.
  const present = presentHeroIds(room.present, {
    heroId: hero.heroId,
    connected: room.connection === 'connected',
  });
  // The server's word alone: this client's own connection dropping (a removal, a lost network) reads
  // nothing again.
  const presentKey = (room.present ?? [])
    .map((h) => h.id)
    .sort()
    .join(',');
  const { refetch } = detail;
  useEffect(() => {
    if (presentKey !== '' || room.hostChanges > 0) void refetch();
  }, [presentKey, room.hostChanges, refetch]);

  const participants = detail.data?.participants ?? [];
  const hostHeroId = detail.data?.hostHeroId ?? null;
  const inviteOnly = detail.data?.inviteOnly === true;
  // The detail carries the invite token for the host's owner alone.
  const inviteToken = hero.heroId === hostHeroId ? detail.data?.inviteToken : undefined;
  const hosting = inviteToken !== undefined && !room.closed;

  return (
    <section className="page container story-room-page" aria-labelledby="story-room-title">
      <header className="story-room-page__header">
        <Link to="/shared-story" className="story-back">
          ← Back to Shared Stories
        </Link>
        <h1 id="story-room-title" className="story-room-page__title">
          <bdi>{title}</bdi>
        </h1>
        <div className="story-room-page__bar">
          {!room.closed && (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={inviteOpen}
              aria-controls={inviteId}
              onClick={() => setInviteOpen((open) => !open)}
            >
              Invite Heroes
            </button>
          )}
          {room.closed ? (
            // A closed room is read-only: no live status, no role to play; the chat says it once.
            <span className="story-chip" data-testid="room-closed-chip">
              Closed
            </span>
          ) : (
            <>
              <span className="story-chip" data-testid="hero-count">
                {heroCountLabel(present.size)}
              </span>
              <span
                className={`story-badge ${role === 'participant' ? 'story-badge--premium' : 'story-badge--muted'}`}
                data-testid="role-badge"
              >
                {roleBadgeLabel(role)}
              </span>
              <span
                className={`story-connection story-connection--${room.connection}`}
                data-testid="connection-state"
              >
                <span className="story-connection__dot" aria-hidden="true" />
                {room.connection === 'connected' ? 'Connected' : 'Disconnected'}
              </span>
            </>
          )}
        </div>
        <div id={inviteId} className="story-invite" hidden={!inviteOpen}>
          {inviteOpen &&
            (inviteOnly && !inviteToken ? (
              <p className="story-muted">{ROOM_TEXT.inviteOnlyNote}</p>
            ) : (
              <>
                <p className="story-muted">
                  Share this link with other heroes to invite them into the story:
                </p>
                <CopyLink
                  url={roomInviteUrl(window.location.origin, roomId, inviteOnly ? inviteToken : undefined)}
                  label={inviteOnly ? 'Invite link' : 'Room link'}
                />
              </>
            ))}
        </div>
      </header>

      <div className="story-room-page__grid">
        <ChatPane
          room={room}
          heroId={hero.heroId}
          hostHeroId={hostHeroId}
          canSend={canSendMessages(premium, role) && !room.closed}
          send={send}
        />
        <aside className="story-side" aria-label="Heroes of this story">
          {hosting && detail.data && <RoomHostPanel room={{ ...detail.data, inviteToken }} />}
          <HeroPanel
            hero={hero}
            fetched={fetched}
            fetching={heroQuery.isFetching && !fetched}
            premium={premium}
            role={role}
            detailArgs={detailArgs}
          />
          <section className="story-panel" aria-labelledby="story-heroes-title">
            <h2 id="story-heroes-title" className="story-side__title">
              Heroes in this Story
            </h2>
            {detail.isError && !detail.data ? (
              <p className="form-error" role="alert">
                {ROOM_TEXT.roomDetailsFailed}
              </p>
            ) : participants.length === 0 ? (
              <p className="story-muted">
                {detail.isLoading ? 'Loading heroes...' : ROOM_TEXT.noHeroesJoined}
              </p>
            ) : (
              <ul className="story-heroes" aria-label="Heroes">
                {participants.map((p) => (
                  <li
                    key={p.id}
                    className={`story-heroes__item${present.has(p.id) ? ' is-present' : ''}`}
                    data-present={present.has(p.id) && !room.closed ? 'true' : 'false'}
                  >
                    <StoryAvatar name={p.name} src={p.avatar} />
                    <span className="story-heroes__name" dir="auto" data-testid="story-hero-name">
                      {p.name}
                    </span>
                    {p.id === hostHeroId && <HostBadge />}
                    <span className={`story-heroes__role${p.isPremium ? ' is-participating' : ''}`}>
                      {p.isPremium ? 'Participating' : 'Spectating'}
                    </span>
                    {!room.closed && (
                      <span className="story-heroes__presence">
                        {present.has(p.id) ? 'Here now' : 'Away'}
                      </span>
                    )}
                    {hosting && p.id !== hostHeroId && (
                      <RemoveHeroButton roomId={roomId} heroId={p.id} name={p.name} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </section>
  );
}

/** Beside the host hero's name, in the heroes list and on its messages. */
interface HeroPanelProps {
  hero: SelectedHero;
  fetched: Hero | undefined;
  fetching: boolean;
  premium: boolean;
  role: RoomRole;
  /** The room and its invite token: the way back after the upgrade. */
  detailArgs: RoomDetailArgs;
}

/** Side panel: images, Premium or Spectator badge, signs ('Unknown'; a spinner while fetching), role note. */
function HeroPanel({ hero, fetched, fetching, premium, role, detailArgs }: HeroPanelProps) {
  const user = useAppSelector(selectUser);
  const images = fetched?.images ?? [];
  const name = fetched?.name || hero.name;
  const sign = (value: string | undefined) =>
    fetching ? (
      <span className="story-spinner" role="status" aria-label="Loading" />
    ) : (
      value || ROOM_TEXT.unknownSign
    );
  return (
    <section className="story-panel story-me" aria-labelledby="story-me-title">
      <h2 id="story-me-title" className="story-side__title">
        {name ? <bdi>{name}</bdi> : 'Your Hero'}
      </h2>
      {images.length > 0 ? (
        <ul className="story-me__images" aria-label="Hero images">
          {images.slice(0, 3).map((image, index) => (
            <li key={image.url}>
              <SmartImage
                src={image.url}
                alt={`${name}, image ${index + 1}`}
                className="story-me__image"
                width={200}
                height={200}
              />
            </li>
          ))}
        </ul>
      ) : hero.avatar ? (
        <SmartImage
          src={hero.avatar}
          alt={name}
          className="story-me__image story-me__image--single"
          width={200}
          height={200}
        />
      ) : null}
      <span className={`story-badge ${premium ? 'story-badge--premium' : 'story-badge--muted'}`}>
        {premium ? 'Premium' : 'Spectator'}
      </span>
      <dl className="story-me__signs">
        <div>
          <dt>Western Sign</dt>
          <dd>{sign(fetched?.westernZodiac.sign)}</dd>
        </div>
        <div>
          <dt>Chinese Sign</dt>
          <dd>{sign(fetched?.chineseZodiac.sign)}</dd>
        </div>
      </dl>
      <p className="story-me__note">{roleNote(role)}</p>
      {!premium && (
        <p className="story-me__upgrade">
          <Link
            to={checkoutPath(hero.heroId)}
            // The hero page after the payment offers the way back here, invite token and all.
            onClick={() =>
              user && rememberRoomReturn(window.sessionStorage, user.id, detailArgs.roomId, detailArgs.invite)
            }
          >
            Upgrade to Premium
          </Link>{' '}
          to shape the story with your hero.
        </p>
      )}
    </section>
  );
}

export default SharedStoryRoomPage;
