/**
 * A premium hero's art versions: "Recreate art" (with how many are left, after a confirmation), the
 * gallery of every version with "Show this one", and the progress of a version being made. The version
 * chosen is what the hero page, the share card and the book show.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ArtVersionDto } from '@starborn/contracts';
import { asApiError } from '../../app/apiErrors';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { IMAGE_SIZES, mediaSources } from '../../components/responsiveImage';
import { useChooseArtMutation, useGetArtVersionsQuery, useRecreateArtMutation } from './heroesApi';
import type { Hero } from './types';

/** While a version is being made the list is asked again this often (a realtime notice usually comes first). */
const POLL_WHILE_MAKING_MS = 3000;

export function ArtVersionsPanel({ hero }: { hero: Hero }) {
  const heroId = hero.heroId;
  const [polling, setPolling] = useState(false);
  const versionsQuery = useGetArtVersionsQuery(heroId, {
    pollingInterval: polling ? POLL_WHILE_MAKING_MS : 0,
  });
  const versions = versionsQuery.data?.versions ?? [];
  const making = versions.find((version) => version.status === 'generating');
  useEffect(() => setPolling(making !== undefined), [making]);
  const left = versionsQuery.data?.recreationsLeft ?? hero.artRecreationsLeft ?? 0;

  const [recreate, recreating] = useRecreateArtMutation();
  const [choose, choosing] = useChooseArtMutation();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const recreateButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  /** Where the focus goes once the confirmation has closed. */
  const [focusAfter, setFocusAfter] = useState<'action' | 'progress' | null>(null);
  const titleId = useId();
  const confirmTextId = useId();
  const leftId = useId();

  // The confirmation takes the focus when it opens. Once it closes, the focus goes back to the action,
  // or, when a version is now being made (the action is disabled meanwhile), to the progress.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (focusAfter === 'action') recreateButton.current?.focus();
    if (focusAfter === 'progress') progress.current?.focus();
    if (focusAfter) setFocusAfter(null);
  }, [focusAfter]);

  function closeConfirmation(focus: 'action' | 'progress' = 'action') {
    setConfirming(false);
    setFocusAfter(focus);
  }

  async function confirmRecreate() {
    setError(null);
    try {
      await recreate(heroId).unwrap();
      setPolling(true);
      closeConfirmation('progress');
    } catch (failure) {
      setError(asApiError(failure)?.message ?? 'The art could not be recreated. Please try again.');
      closeConfirmation();
    }
  }

  async function show(version: number) {
    setError(null);
    try {
      await choose({ heroId, version }).unwrap();
    } catch (failure) {
      setError(asApiError(failure)?.message ?? 'That version could not be shown. Please try again.');
    }
  }

  const canRecreate = left > 0 && !making && !recreating.isLoading;

  return (
    <section className="hero-panel art-versions" aria-labelledby={titleId}>
      <h2 id={titleId}>Art versions</h2>
      <p className="muted">
        Have your hero’s art made anew and keep every version: choose the one your hero page, share card and
        book show.
      </p>
      <div className="art-versions__actions">
        <button
          ref={recreateButton}
          type="button"
          className="button button--ghost"
          disabled={!canRecreate}
          aria-expanded={confirming}
          aria-describedby={leftId}
          onClick={() => setConfirming(true)}
        >
          Recreate art
        </button>
        <span id={leftId} className="muted" data-testid="recreations-left">
          {left === 1 ? '1 recreation left' : `${left} recreations left`}
        </span>
      </div>
      {confirming && (
        <div
          className="art-versions__confirm"
          role="group"
          aria-label="Confirm recreating the art"
          aria-describedby={confirmTextId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeConfirmation();
          }}
        >
          <p id={confirmTextId}>
            Make a new version of {hero.name}’s art? Your current versions are kept.{' '}
            {left === 1 ? 'This is the last recreation.' : `You can do this ${left} more times.`}
          </p>
          <button
            ref={confirmButton}
            type="button"
            className="button button--primary"
            onClick={() => void confirmRecreate()}
          >
            Yes, recreate
          </button>
          <button type="button" className="button button--ghost" onClick={() => closeConfirmation()}>
            Cancel
          </button>
        </div>
      )}
      {/* Always present, so that screen readers announce the progress as it starts. */}
      <div ref={progress} className="art-versions__progress" role="status" tabIndex={-1}>
        {making && (
          <>
            <progress aria-label={`Making version ${making.version}`} />
            <span>Making version {making.version}… This usually takes around 30 seconds.</span>
          </>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="art-versions__list" aria-label="Versions of the art">
        {versions.map((version) => (
          <ArtVersionItem
            key={version.version}
            name={hero.name}
            version={version}
            busy={choosing.isLoading}
            onShow={() => void show(version.version)}
          />
        ))}
      </ul>
    </section>
  );
}

function ArtVersionItem({
  name,
  version,
  busy,
  onShow,
}: {
  name: string;
  version: ArtVersionDto;
  busy: boolean;
  onShow: () => void;
}) {
  const front = version.images.find((image) => image.angle === 'front') ?? version.images[0];
  const label = version.version === 0 ? 'Version 0 (first art)' : `Version ${version.version}`;
  return (
    <li
      className={`art-versions__item${version.current ? ' is-current' : ''}`}
      data-testid={`art-version-${version.version}`}
      aria-current={version.current ? 'true' : undefined}
    >
      <figure className="art-versions__figure">
        {front ? (
          <ResponsiveImage
            src={front.url}
            sources={mediaSources(front.url, front.widths)}
            sizes={IMAGE_SIZES.heroThumb}
            alt={`${name}, ${label.toLowerCase()}`}
            className="art-versions__image"
            width={160}
            height={160}
          />
        ) : (
          <div className="art-versions__placeholder" aria-hidden="true" />
        )}
        <figcaption>{label}</figcaption>
      </figure>
      {version.status === 'generating' && <p className="muted">Being made…</p>}
      {version.status === 'failed' && (
        <p className="muted">This version could not be made. Recreate art tries it again.</p>
      )}
      {version.status === 'ready' &&
        (version.current ? (
          <p className="art-versions__shown">Shown</p>
        ) : (
          <button type="button" className="button button--ghost" disabled={busy} onClick={onShow}>
            Show this one<span className="visually-hidden"> (version {version.version})</span>
          </button>
        ))}
    </li>
  );
}
