import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CopyLink } from './CopyLink';
import {
  absoluteShareUrl,
  formatSharedDate,
  SHARE_TURN_OFF_FAILED,
  viewCountLabel,
  type SharedLink,
} from './shares';
import { useDeactivateShareLinkMutation, useGetUserSharesQuery } from './sharesApi';
import './shared-links.css';

export const SHARES_LOAD_FAILED = 'Failed to load your shared links. Please try again later.';

/**
 * The profile's Shared Links: each link with its views; an active one can be copied or turned off
 * (after a confirmation), an inactive one says so and offers neither. A link turned off stays off:
 * sharing the hero again makes a new link.
 */
export function SharedLinks() {
  const shares = useGetUserSharesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [announcement, setAnnouncement] = useState('');
  const links = shares.data ?? [];

  return (
    <section className="profile-section" aria-labelledby="profile-shares-title">
      <div className="profile-section__header">
        <h2 id="profile-shares-title">Shared Links</h2>
      </div>
      {shares.isLoading ? (
        <p className="muted" role="status">
          Loading your shared links...
        </p>
      ) : shares.isError ? (
        <p className="form-error" role="alert">
          {SHARES_LOAD_FAILED}
        </p>
      ) : links.length === 0 ? (
        <p className="muted">
          You have not shared a hero yet. Open a premium hero and press Share to get a link.
        </p>
      ) : (
        <ul className="profile-shares">
          {links.map((link) => (
            <SharedLinkItem key={link.id} link={link} onTurnedOff={setAnnouncement} />
          ))}
        </ul>
      )}
      {/* Outside the items: it must outlive the button that was pressed. */}
      <p className="payments-sr-only" role="status">
        {announcement}
      </p>
    </section>
  );
}

function SharedLinkItem({
  link,
  onTurnedOff,
}: {
  link: SharedLink;
  onTurnedOff: (announcement: string) => void;
}) {
  const [deactivate, { isLoading: turningOff }] = useDeactivateShareLinkMutation();
  const [confirming, setConfirming] = useState(false);
  const [turnedOff, setTurnedOff] = useState(false);
  const [error, setError] = useState('');
  const questionId = useId();
  const turnOffButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const name = link.heroName || 'your hero';
  // The list refetches after the change; until then the answer of the change is what is true.
  const active = link.isActive && !turnedOff;

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    // Back to the button that opened the question (it renders again on the next frame).
    requestAnimationFrame(() => turnOffButton.current?.focus());
  };

  const turnOff = async () => {
    if (turningOff) return;
    setError('');
    try {
      await deactivate(link.id).unwrap();
      setTurnedOff(true);
      setConfirming(false);
      onTurnedOff(`The link for ${name} is turned off.`);
      // The controls are gone: keep the person where they were, on this link.
      requestAnimationFrame(() => heading.current?.focus());
    } catch {
      setError(SHARE_TURN_OFF_FAILED);
      confirmButton.current?.focus();
    }
  };

  const onQuestionKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !turningOff) {
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <li className="profile-share" data-testid="shared-link">
      <div className="profile-share__meta">
        <h3 className="profile-share__name" ref={heading} tabIndex={-1}>
          <bdi>{link.heroName || 'Your hero'}</bdi>
        </h3>
        <span className={`status-badge ${active ? 'status-badge--active' : 'status-badge--inactive'}`}>
          {active ? 'Active' : 'Inactive'}
        </span>
      </div>
      <p className="profile-share__details muted">
        Shared {formatSharedDate(link.createdAt)} · {viewCountLabel(link.accessCount)}
      </p>
      {!active ? (
        <p className="profile-share__off muted">
          This link is off: it no longer shows your hero. To share again, open the hero and press Share for a
          new link.
        </p>
      ) : confirming ? (
        <div className="share-turn-off" role="group" aria-labelledby={questionId} onKeyDown={onQuestionKey}>
          <p id={questionId} className="share-turn-off__question">
            Turn off this link? Anyone who opens it will no longer see {name}. It cannot be turned on again;
            sharing the hero again makes a new link.
          </p>
          <div className="share-turn-off__actions">
            <button
              ref={confirmButton}
              type="button"
              className="button button--small share-turn-off__confirm"
              onClick={() => void turnOff()}
              // Not disabled: a disabled button would drop the keyboard focus while it works.
              aria-disabled={turningOff}
            >
              {turningOff ? 'Turning off…' : 'Turn off link'}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                if (!turningOff) cancel();
              }}
              aria-disabled={turningOff}
            >
              Keep it on
            </button>
          </div>
        </div>
      ) : (
        <div className="profile-share__actions">
          <CopyLink
            url={absoluteShareUrl(link.shareUrl, window.location.origin)}
            label={`Share link for ${name}`}
          />
          <button
            ref={turnOffButton}
            type="button"
            className="button button--ghost button--small share-turn-off__open"
            aria-label={`Turn off the link for ${name}`}
            onClick={() => setConfirming(true)}
          >
            Turn off
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
