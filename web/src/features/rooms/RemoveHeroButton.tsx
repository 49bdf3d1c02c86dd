import { useEffect, useRef, useState } from 'react';
import { asApiError } from '../../app/apiErrors';
import { useRemoveRoomHeroMutation } from './roomsApi';

/** The host's Remove button beside a hero of the room; it asks first (the hero cannot come back). */
export function RemoveHeroButton({ roomId, heroId, name }: { roomId: string; heroId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const [remove, removal] = useRemoveRoomHeroMutation();

  useEffect(() => {
    if (confirming) confirm.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        type="button"
        className="button button--ghost button--small story-heroes__remove"
        aria-label={`Remove ${name}`}
        onClick={() => setConfirming(true)}
      >
        Remove
      </button>
    );
  }
  return (
    <div className="story-host__confirm" role="group" aria-label={`Remove ${name}?`}>
      <p>
        Remove <bdi>{name}</bdi> from this room? They cannot join it again.
      </p>
      <div className="actions">
        <button
          ref={confirm}
          type="button"
          className="button button--primary button--small"
          disabled={removal.isLoading}
          onClick={() => void remove({ roomId, heroId })}
        >
          Remove <bdi>{name}</bdi>
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setConfirming(false)}
        >
          Cancel
        </button>
      </div>
      {removal.error ? (
        <p className="form-error" role="alert">
          {asApiError(removal.error)?.serverMessage ?? 'The hero could not be removed. Please try again.'}
        </p>
      ) : null}
    </div>
  );
}
