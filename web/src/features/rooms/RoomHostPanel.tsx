import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { asApiError } from '../../app/apiErrors';
import { CopyLink } from '../shares/CopyLink';
import { roomInviteUrl } from './roomRules';
import { useCloseRoomMutation, useUpdateRoomMutation } from './roomsApi';
import type { RoomDetail } from './types';

/** What a failed host call shows: the server's message, else a plain one. */
const failure = (error: unknown) =>
  error ? (asApiError(error)?.serverMessage ?? 'The room could not be changed. Please try again.') : null;

/**
 * The host's room settings: rename, invite-only with its link (and a new one), and closing the room
 * after a confirmation. Shown only to the host's owner (the detail carries the invite token for them).
 */
export function RoomHostPanel({ room }: { room: RoomDetail & { inviteToken: string } }) {
  const titleId = useId();
  const inputId = useId();
  const [title, setTitle] = useState(room.title);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const closeConfirm = useRef<HTMLButtonElement>(null);
  const [update, updating] = useUpdateRoomMutation();
  const [close, closing] = useCloseRoomMutation();

  // A rename heard from elsewhere (another tab of the host) shows here too.
  useEffect(() => setTitle(room.title), [room.title]);
  useEffect(() => {
    if (confirmingClose) closeConfirm.current?.focus();
  }, [confirmingClose]);

  function rename(event: FormEvent) {
    event.preventDefault();
    void update({ roomId: room.id, title });
  }

  const error = failure(updating.error) ?? failure(closing.error);

  return (
    <section className="story-panel story-host" aria-labelledby={titleId}>
      <h2 id={titleId} className="story-side__title">
        Room Settings
      </h2>
      <form className="story-host__rename" onSubmit={rename}>
        <label htmlFor={inputId} className="field__label">
          Room title
        </label>
        <div className="story-host__row">
          <input
            id={inputId}
            className="field__input"
            type="text"
            maxLength={120}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <button
            type="submit"
            className="button button--ghost button--small"
            disabled={updating.isLoading || title.trim() === '' || title.trim() === room.title}
          >
            Rename
          </button>
        </div>
      </form>

      <label className="story-host__switch">
        <input
          type="checkbox"
          role="switch"
          checked={room.inviteOnly}
          disabled={updating.isLoading}
          onChange={(event) => void update({ roomId: room.id, inviteOnly: event.target.checked })}
        />
        <span>Invite-only</span>
      </label>
      <p className="story-muted">
        {room.inviteOnly
          ? 'Out of the lobby: only heroes with the invite link join.'
          : 'Listed in the lobby: anyone with the room’s link joins.'}
      </p>
      {room.inviteOnly && (
        <div className="story-host__invite">
          <CopyLink
            url={roomInviteUrl(window.location.origin, room.id, room.inviteToken)}
            label="Invite link"
          />
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={updating.isLoading}
            onClick={() => void update({ roomId: room.id, rotateInvite: true })}
          >
            New Invite Link
          </button>
        </div>
      )}

      {confirmingClose ? (
        <div className="story-host__confirm" role="group" aria-label="Close this room?">
          <p>Close this room for everyone? Nobody can join or write in it again; its story stays readable.</p>
          <div className="actions">
            <button
              ref={closeConfirm}
              type="button"
              className="button button--primary button--small"
              disabled={closing.isLoading}
              onClick={() => void close(room.id)}
            >
              Close Room
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setConfirmingClose(false)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setConfirmingClose(true)}
        >
          Close Room…
        </button>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
