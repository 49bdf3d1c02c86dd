import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useAppDispatch } from '../app/hooks';
import { LockIcon } from '../components/HeroIcons';
import { Markdown } from '../components/Markdown';
import { usePageMeta } from '../components/usePageMeta';
import { isGenerationRequested, requestGeneration } from '../features/heroes/generation';
import { ArtVersionsPanel } from '../features/heroes/ArtVersionsPanel';
import { heroesApi, useGetHeroQuery } from '../features/heroes/heroesApi';
import {
  isChaptersPayment,
  paymentSuccessNotice,
  withoutPaymentQuery,
} from '../features/heroes/paymentNotice';
import { useStripeRedirectReturn } from '../features/payments/useStripeRedirectReturn';
import { STATUS_LINES, useRotatingLine } from '../features/heroes/rotatingLines';
import {
  checkoutPath,
  isInProgress,
  isPaid,
  isPreviewId,
  stripPreviewPrefix,
  type Hero,
} from '../features/heroes/types';
import { useHeroRealtime } from '../features/heroes/useHeroRealtime';
import { asApiError } from '../app/apiErrors';
import { BOOK_FORMATS, downloadErrorMessage, type BookFormat } from '../features/payments/download';
import { useDownloadHeroAssetsMutation } from '../features/payments/paymentsApi';
import { CopyLink } from '../features/shares/CopyLink';
import { absoluteShareUrl } from '../features/shares/shares';
import { useCreateShareLinkMutation } from '../features/shares/sharesApi';
import { notify } from '../features/notifications/notificationsSlice';
import { ChaptersPanel } from '../features/storybook/ChaptersPanel';
import { unlockAfterChaptersPayment, useDownloadStoryBookMutation } from '../features/storybook/storybookApi';
import { NotFoundPage } from './NotFoundPage';
import '../styles/heroes.css';
import { heroDescription } from '@starborn/zodiac';
import { SignBadges } from '../features/heroes/SignBadges';
import { GalleryFigure, GalleryThumb } from '../features/heroes/GalleryParts';

/** Polling while a hero is generating: fast without a realtime connection, a slow safety net with one. */
const POLL_WITHOUT_SOCKET_MS = 4000;
const POLL_WITH_SOCKET_MS = 15000;

/** Hero page: waiting screen, error screen, or the hero itself. */
export function HeroPage() {
  const { id: routeId = '' } = useParams();
  const preview = isPreviewId(routeId);
  const heroId = stripPreviewPrefix(routeId);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [retrying, setRetrying] = useState(false);

  const query = useGetHeroQuery(heroId, { skip: heroId === '', refetchOnMountOrArgChange: true });
  const hero = query.currentData;
  const waiting = retrying || (hero !== undefined && isInProgress(hero));

  const { connected } = useHeroRealtime((notice) => {
    if (notice.heroId !== heroId) return;
    void query.refetch();
    // A recreated version is ready (or failed): the gallery of versions asks again.
    if (notice.artVersion !== undefined)
      dispatch(heroesApi.util.invalidateTags([{ type: 'ArtVersions', id: heroId }]));
  });
  // Polling runs while waiting; the realtime notice usually arrives first.
  const pollingInterval = waiting ? (connected ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS) : 0;
  useGetHeroQuery(heroId, { skip: heroId === '' || !waiting, pollingInterval });

  // A hero created but never sent to generation (the tab closed in between) starts now.
  useEffect(() => {
    if (hero?.status === 'pending' && !isGenerationRequested(hero.heroId)) {
      void requestGeneration(dispatch, hero.heroId);
    }
  }, [dispatch, hero?.status, hero?.heroId]);

  usePaymentSuccessNotice(heroId);

  usePageMeta({
    title: hero?.name ? `${hero.name}` : 'Your Hero',
    description: hero?.name
      ? heroDescription({
          name: hero.name,
          westernSign: hero.westernZodiac.sign,
          chineseSign: hero.chineseZodiac.sign,
        })
      : 'Your hero’s portraits, zodiac traits and backstory.',
  });

  async function tryGenerationAgain() {
    setRetrying(true);
    try {
      await requestGeneration(dispatch, heroId);
    } finally {
      setRetrying(false);
      void query.refetch();
    }
  }

  // An unknown id, or a hero of someone else (the server answers both alike): not found, not a retry.
  if (heroId === '' || (query.isError && !hero && isNotFound(query.error))) {
    return <NotFoundPage kind="hero" />;
  }
  if (query.isError && !hero) {
    return <HeroErrorScreen onTryAgain={() => window.location.reload()} />;
  }
  if (!hero || waiting) return <HeroLoadingScreen />;
  if (hero.status === 'error') return <HeroErrorScreen onTryAgain={() => void tryGenerationAgain()} />;
  // A paid hero has nothing left to preview or purchase: its preview link opens the hero itself
  // (docs/decisions.md, "Hero page").
  if (preview && isPaid(hero)) {
    return <Navigate to={`/hero/${encodeURIComponent(heroId)}${location.search}`} replace />;
  }
  return <HeroView key={hero.heroId} hero={hero} preview={preview} />;
}

/**
 * After checkout: ?payment=success shows the success notification once, then leaves the URL. After a
 * chapters payment (&type=chapters) the purchased chapters are unlocked and the storybook refetched.
 */
function usePaymentSuccessNotice(heroId: string) {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  // Back from a redirect-based Stripe method: announce nothing until Stripe confirms the payment
  // (a failed one goes back to the checkout with Stripe's message).
  const stripeReturn = useStripeRedirectReturn(heroId);
  useEffect(() => {
    if (stripeReturn === 'checking' || stripeReturn === 'failed') return;
    const notice = paymentSuccessNotice(params);
    if (!notice) return;
    if (!shown.current) {
      shown.current = true;
      dispatch(notify(notice));
      if (isChaptersPayment(params)) void unlockAfterChaptersPayment(dispatch, heroId);
    }
    setParams(withoutPaymentQuery(params), { replace: true });
  }, [dispatch, heroId, params, setParams, stripeReturn]);
}

export function HeroLoadingScreen() {
  const index = useRotatingLine();
  return (
    <section className="hero-waiting" aria-labelledby="hero-waiting-title" aria-busy="true">
      <div className="hero-waiting__orbit" aria-hidden="true">
        <span className="hero-waiting__planet hero-waiting__planet--1" />
        <span className="hero-waiting__planet hero-waiting__planet--2" />
        <span className="hero-waiting__planet hero-waiting__planet--3" />
      </div>
      <h1 id="hero-waiting-title">Aligning the Planets</h1>
      <p className="hero-waiting__line" role="status" key={index}>
        {STATUS_LINES[index]}
      </p>
      <p className="muted">
        Your hero is being forged among the stars. This usually takes around 30 seconds.
      </p>
    </section>
  );
}

/** The server does not know this hero for this user (404), or the id cannot be one (400). */
function isNotFound(error: unknown): boolean {
  const status = asApiError(error)?.status;
  return status === 404 || status === 400;
}

function HeroErrorScreen({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <section className="status-page" aria-labelledby="hero-error-title">
      <p className="eyebrow">The stars went dark</p>
      <h1 id="hero-error-title">Error Loading Hero</h1>
      <p className="lead" role="alert">
        Failed to load hero data. Please try again.
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onTryAgain}>
          Try Again
        </button>
        <Link to="/heroes" className="button button--ghost">
          Your Heroes
        </Link>
      </div>
    </section>
  );
}

function HeroView({ hero, preview }: { hero: Hero; preview: boolean }) {
  const paid = isPaid(hero);
  const locked = preview || !paid;
  const watermark = preview ? 'PREVIEW' : !paid ? 'UNLOCK FULL QUALITY' : null;
  const western = hero.westernZodiac;
  const chinese = hero.chineseZodiac;

  return (
    <article className="hero-page container" aria-labelledby="hero-name">
      <header className="hero-page__header">
        <p className="eyebrow">{preview ? 'Hero preview' : paid ? 'Premium hero' : 'Your cosmic hero'}</p>
        <h1 id="hero-name" className="hero-page__name">
          <bdi>{hero.name}</bdi>
        </h1>
        <SignBadges western={western} chinese={chinese} />
      </header>

      {/* Portraits beside the traits, then the backstory across the page: a long backstory reads as
          one column of text instead of leaving an empty column beside it. */}
      <div className="hero-page__grid">
        <div className="hero-page__media">
          <HeroGallery hero={hero} locked={locked} watermark={watermark} />
          <HeroActions hero={hero} preview={preview} />
        </div>

        <section className="hero-panel hero-page__traits" aria-labelledby="traits-title">
          <h2 id="traits-title">Traits</h2>
          <TraitList title={`${western.sign || 'Western'} traits`} items={western.traits} />
          <TraitList title={`${chinese.sign || 'Chinese'} traits`} items={chinese.traits} />
          <TraitList title="Strengths" items={western.strengths} />
          <TraitList title="Weaknesses" items={western.weaknesses} />
          <TraitList title="Compatible with" items={chinese.compatibility} />
        </section>

        <section className="hero-panel hero-backstory hero-page__backstory" aria-labelledby="backstory-title">
          <div className="hero-backstory__body">
            <h2 id="backstory-title">Backstory</h2>
            {hero.backstory ? (
              <Markdown text={hero.backstory} className="markdown hero-backstory__text" headingOffset={2} />
            ) : (
              <p className="muted">Your hero’s story is still being written in the stars.</p>
            )}
            {locked && (
              <Link to={checkoutPath(hero.heroId, 'premium_upgrade')} className="hero-backstory__unlock">
                <LockIcon width={16} height={16} /> Unlock Full Backstory
              </Link>
            )}
          </div>
        </section>
      </div>

      {/* The art's versions, across the page below the backstory (beside the portraits the gallery
          would leave an empty column next to the traits). Recreating is premium: the preview and an
          unpaid hero have none. */}
      {!locked && <ArtVersionsPanel hero={hero} />}

      {/* The chapters panel: never shown for preview heroes. */}
      {!preview && <ChaptersPanel hero={hero} />}
    </article>
  );
}

function TraitList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="trait-list">
      <h3 className="trait-list__title">{title}</h3>
      <ul className="trait-list__items">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function HeroGallery({ hero, locked, watermark }: { hero: Hero; locked: boolean; watermark: string | null }) {
  const [selected, setSelected] = useState(0);
  const images = hero.images;
  if (images.length === 0) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty">
          <p>Image generating...</p>
        </div>
      </div>
    );
  }
  const index = Math.min(selected, images.length - 1);
  const current = images[index]!;

  return (
    <div className="gallery">
      <GalleryFigure name={hero.name} image={current} index={index} count={images.length}>
        {watermark && (
          <span className="gallery__watermark" data-testid="watermark">
            {watermark}
          </span>
        )}
      </GalleryFigure>
      <ul className="gallery__thumbs" aria-label="Hero images">
        {images.map((image, i) => (
          <GalleryThumb
            key={image.url}
            image={image}
            index={i}
            active={i === index}
            locked={locked && i > 0}
            // For unpaid heroes every thumbnail shows the first image.
            onSelect={() => setSelected(locked ? 0 : i)}
          />
        ))}
      </ul>
    </div>
  );
}

function HeroActions({ hero, preview }: { hero: Hero; preview: boolean }) {
  if (preview || !isPaid(hero)) return <LockedHeroActions heroId={hero.heroId} preview={preview} />;
  return <PaidHeroActions heroId={hero.heroId} />;
}

/** What premium adds; the unpaid buttons lead to the checkout that unlocks it. */
const LOCKED_ACTIONS = ['Share', 'Download Assets', 'Download Book', 'Join Shared Story'] as const;

/**
 * An unpaid hero (or a preview) shows every action of the hero page: Share, Download Assets and Join
 * Shared Story lead to checkout (marked with a lock and described by the note), then the purchase
 * itself — Purchase Full Version for a preview, Unlock Now otherwise.
 */
function LockedHeroActions({ heroId, preview }: { heroId: string; preview: boolean }) {
  const noteId = useId();
  const checkout = checkoutPath(heroId);
  return (
    <div className="hero-actions-block">
      <div className="hero-actions" data-testid="locked-actions">
        {LOCKED_ACTIONS.map((label) => (
          <Link key={label} to={checkout} className="button button--ghost" aria-describedby={noteId}>
            <LockIcon width={16} height={16} /> {label}
          </Link>
        ))}
      </div>
      <div className="hero-actions hero-actions--unlock">
        <p id={noteId} className="muted">
          Premium unlocks full-quality images, the complete backstory, downloads, sharing and the shared
          story.
        </p>
        <Link to={checkout} className="button button--primary">
          {preview ? (
            'Purchase Full Version'
          ) : (
            <>
              <LockIcon width={18} height={18} /> Unlock Now
            </>
          )}
        </Link>
      </div>
    </div>
  );
}

/** Runs a paid action, showing the server's message, or `fallback`'s, when it fails. */
async function attempt(
  setError: (message: string | null) => void,
  run: () => Promise<unknown>,
  fallback: (error: unknown) => string,
): Promise<void> {
  setError(null);
  try {
    await run();
  } catch (error) {
    setError(asApiError(error)?.message ?? fallback(error));
  }
}

function ActionButton({
  busy,
  disabled = false,
  label,
  busyLabel,
  onClick,
}: {
  busy: boolean;
  /** Disabled without being the busy one (another of its group is). */
  disabled?: boolean;
  label: string;
  busyLabel: string;
  onClick: () => Promise<void>;
}) {
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy || disabled}
      onClick={() => void onClick()}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

function ActionError({ message }: { message: string | null }) {
  return (
    message && (
      <p className="form-error hero-actions__error" role="alert">
        {message}
      </p>
    )
  );
}

/** What each format of the book is for, on its button. */
const BOOK_FORMAT_LABELS: Record<BookFormat, string> = {
  epub: 'EPUB (e-readers)',
  pdf: 'PDF (print)',
};

/**
 * Paid heroes: Share makes a link ready to copy; Download Assets saves hero_{id}_assets.zip;
 * Download Book opens the book's formats, each saving hero_{id}_storybook.{format}.
 */
function PaidHeroActions({ heroId }: { heroId: string }) {
  const [createShare, share] = useCreateShareLinkMutation();
  const [download, downloadState] = useDownloadHeroAssetsMutation();
  const [downloadBook, bookState] = useDownloadStoryBookMutation();
  const [shareError, setShareError] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [bookError, setBookError] = useState<string | null>(null);
  const [bookOpen, setBookOpen] = useState(false);
  const bookFormatsId = useId();
  const bookBusy = bookState.isLoading ? bookState.originalArgs?.format : undefined;

  const handleShare = () =>
    attempt(
      setShareError,
      () => createShare(heroId).unwrap(),
      () => 'Failed to create the share link. Please try again.',
    );
  const handleDownload = () =>
    attempt(setDownloadError, () => download(heroId).unwrap(), downloadErrorMessage);
  const handleBook = (format: BookFormat) =>
    attempt(setBookError, () => downloadBook({ heroId, format }).unwrap(), downloadErrorMessage);

  const shareUrl = share.data ? absoluteShareUrl(share.data.shareUrl, window.location.origin) : null;

  return (
    <div className="hero-actions-block">
      <div className="hero-actions">
        <ActionButton
          busy={share.isLoading}
          label="Share"
          busyLabel="Creating link..."
          onClick={handleShare}
        />
        <ActionButton
          busy={downloadState.isLoading}
          label="Download Assets"
          busyLabel="Preparing download..."
          onClick={handleDownload}
        />
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={bookOpen}
          aria-controls={bookFormatsId}
          onClick={() => setBookOpen((open) => !open)}
        >
          {bookBusy ? 'Preparing book...' : 'Download Book'}
        </button>
        <Link to={`/shared-story?heroId=${encodeURIComponent(heroId)}`} className="button button--primary">
          Join Shared Story
        </Link>
      </div>
      <div
        id={bookFormatsId}
        className="book-formats"
        role="group"
        aria-label="Download Book"
        hidden={!bookOpen}
      >
        <p className="book-formats__title">Your hero’s illustrated storybook, as:</p>
        {BOOK_FORMATS.map((format) => (
          <ActionButton
            key={format}
            busy={bookBusy === format}
            disabled={bookBusy !== undefined}
            label={BOOK_FORMAT_LABELS[format]}
            busyLabel={`Preparing ${format.toUpperCase()}...`}
            onClick={() => handleBook(format)}
          />
        ))}
      </div>
      {shareUrl && (
        <div className="share-ready" data-testid="share-link">
          <p className="share-ready__title">Your hero’s share link is ready:</p>
          <CopyLink url={shareUrl} label="Share link" />
        </div>
      )}
      <ActionError message={shareError} />
      <ActionError message={downloadError} />
      <ActionError message={bookError} />
    </div>
  );
}

export default HeroPage;
