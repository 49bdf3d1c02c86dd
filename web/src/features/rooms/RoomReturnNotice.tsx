import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/authSlice';
import { useGetHeroQuery } from '../heroes/heroesApi';
import { checkoutPath, stripPreviewPrefix } from '../heroes/types';
import { heroReadyForRoom, roomPathWithHero, roomReturnOf, type RoomReturn } from './roomReturn';
import '../../styles/rooms.css';

/**
 * On the hero page of someone who came from a room invitation without a hero: once the new hero is
 * made, the way back into that room (taking part when premium, watching otherwise).
 */
export function RoomReturnNotice() {
  const { id = '' } = useParams();
  const user = useAppSelector(selectUser);
  const [room, setRoom] = useState<RoomReturn | null>(null);
  useEffect(() => setRoom(roomReturnOf(window.sessionStorage, user?.id)), [user?.id]);
  const roomId = room?.roomId;
  const heroId = stripPreviewPrefix(id);
  const hero = useGetHeroQuery(heroId, { skip: !roomId || heroId === '' });

  if (!roomId || !heroReadyForRoom(hero.currentData)) return null;
  const premium = hero.currentData?.paymentStatus === 'paid';
  return (
    <aside className="container story-return" aria-label="Your shared story" data-testid="room-return">
      <p className="story-return__text">
        {premium
          ? 'Your hero is ready to take part in the shared story you were invited to.'
          : 'Your hero can watch the shared story you were invited to now. Upgrade it to take part.'}
      </p>
      <div className="story-return__actions">
        <Link
          to={roomPathWithHero(roomId, heroId, room?.invite)}
          className="button button--primary button--small"
        >
          Back to the room
        </Link>
        {!premium && (
          <Link to={checkoutPath(heroId)} className="button button--ghost button--small">
            Upgrade to take part
          </Link>
        )}
      </div>
    </aside>
  );
}

export default RoomReturnNotice;
