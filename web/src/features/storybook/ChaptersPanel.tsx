import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LockIcon } from '../../components/HeroIcons';
import { Markdown, useRenderedMarkdown } from '../../components/Markdown';
import { ChapterIllustration } from './ChapterIllustration';
import { ReadAloudControls } from './ReadAloudControls';
import { SENTENCE_CLASS, sentenceMarkup } from './sentences';
import { useReadAloud } from './useReadAloud';
import type { Hero } from '../heroes/types';
import {
  chapterBody,
  chapterPrompt,
  chaptersPollInterval,
  chapterTabs,
  CHAPTER_TEXTS,
  countdownText,
  ILLUSTRATION_WAIT_MS,
  isAwaitingIllustrations,
  isReleaseDue,
  unlockedSummary,
  type Chapter,
  type ChapterPrompt,
  type StoryBook,
  type StoryBookView,
} from './storybook';
import { selectStoryBook, skipsStoryBook, useGetStoryBookQuery } from './storybookApi';
import '../../styles/storybook.css';

/** The countdown is redrawn this often (at least once a minute). */
const COUNTDOWN_TICK_MS = 15_000;
/**
 * Right after a premium payment the hero can already be paid while its story is being made premium:
 * for this long the panel keeps asking, so the premium story shows without a reload.
 */
const PREMIUM_SETTLE_MS = 60_000;

type PanelHero = Pick<Hero, 'heroId' | 'paymentStatus'>;

/** The hero page's chapters panel (never rendered for preview heroes). */
export function ChaptersPanel({ hero }: { hero: PanelHero }) {
  const heroId = hero.heroId;
  const skip = skipsStoryBook(heroId);
  // Read before the query hook: how often it polls depends on what the cache holds.
  const story = useAppSelector(useMemo(() => selectStoryBook(heroId), [heroId]));
  const view: StoryBookView | null = story.data ?? null;

  const paid = hero.paymentStatus === 'paid';
  const awaitingPremium = useForAWhile(paid && view?.storyBook?.isPremium === false, PREMIUM_SETTLE_MS);
  const awaitingIllustrations = useForAWhile(
    isAwaitingIllustrations(view?.chapters ?? []),
    ILLUSTRATION_WAIT_MS,
  );
  const pollingInterval = chaptersPollInterval(view, Date.now(), {
    awaitingPremiumStory: awaitingPremium,
    awaitingIllustrations,
  });

  const query = useGetStoryBookQuery(heroId, { skip, refetchOnMountOrArgChange: true, pollingInterval });
  const { refetch } = query;
  const refetchNow = useCallback(() => {
    if (!skip) void refetch();
  }, [refetch, skip]);

  // Paying for premium changes the story: ask again as soon as the hero's payment status changes.
  const lastPaid = useRef(paid);
  useEffect(() => {
    if (lastPaid.current === paid) return;
    lastPaid.current = paid;
    refetchNow();
  }, [paid, refetchNow]);

  if (skip) return null;

  return (
    <section
      className="hero-panel hero-chapters"
      aria-labelledby="chapters-title"
      aria-busy={story.isLoading && !view?.storyBook}
      data-slot="chapters"
    >
      {view?.storyBook ? (
        <StoryBookContent
          heroId={heroId}
          paymentStatus={hero.paymentStatus}
          storyBook={view.storyBook}
          chapters={view.chapters}
          onReleaseDue={refetchNow}
        />
      ) : (
        <>
          <h2 id="chapters-title">Storybook</h2>
          {view ? (
            <p className="chapters-note" role="status">
              {CHAPTER_TEXTS.preparing}
            </p>
          ) : story.isError ? (
            <div className="chapters-note" role="alert">
              <p>{CHAPTER_TEXTS.loadFailed}</p>
              <button type="button" className="button button--ghost button--small" onClick={refetchNow}>
                Try Again
              </button>
            </div>
          ) : (
            <p className="chapters-note" role="status">
              Opening your hero’s storybook...
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * True while `condition` holds, for `ms` at most: a paid hero whose story is not premium yet (the
 * upgrade is on its way), a written chapter whose illustration is being drawn.
 */
function useForAWhile(condition: boolean, ms: number): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!condition) return;
    const timer = window.setTimeout(() => setExpired(true), ms);
    return () => {
      window.clearTimeout(timer);
      // The next time the condition holds, it is waited for again.
      setExpired(false);
    };
  }, [condition, ms]);
  return condition && !expired;
}

function StoryBookContent({
  heroId,
  paymentStatus,
  storyBook,
  chapters,
  onReleaseDue,
}: {
  heroId: string;
  paymentStatus: PanelHero['paymentStatus'];
  storyBook: StoryBook;
  chapters: Chapter[];
  onReleaseDue: () => void;
}) {
  const prompt = chapterPrompt(heroId, paymentStatus, storyBook);
  return (
    <>
      <header className="chapters-header">
        <div>
          <h2 id="chapters-title">Storybook</h2>
          <p className="chapters-header__count" data-testid="chapters-count">
            {unlockedSummary(storyBook)}
          </p>
        </div>
        {storyBook.isPremium && <span className="chapters-tag">Premium Story</span>}
      </header>
      <ChapterTabs tabs={chapterTabs(storyBook, chapters)} />
      <ChapterPromptBox prompt={prompt} nextUnlockAt={storyBook.nextUnlockAt} onReleaseDue={onReleaseDue} />
    </>
  );
}

/** Tabs 'Chapter N' (WAI-ARIA tabs: arrow keys, Home and End move between unlocked chapters). */
function ChapterTabs({ tabs }: { tabs: Chapter[] }) {
  const baseId = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const unlocked = tabs.filter((tab) => tab.unlocked);
  const current = unlocked.find((tab) => tab.chapterNumber === selected) ?? unlocked[0];
  const tabId = (n: number) => `${baseId}-chapter-${n}`;
  const panelId = `${baseId}-reader`;

  function select(chapterNumber: number, focus: boolean) {
    setSelected(chapterNumber);
    const button = buttons.current.get(chapterNumber);
    if (focus) button?.focus();
    // On a phone the tabs are one scrolling row: the chosen one comes into view.
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!current || unlocked.length === 0) return;
    const index = unlocked.findIndex((tab) => tab.chapterNumber === current.chapterNumber);
    const last = unlocked.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(unlocked[target]!.chapterNumber, true);
  }

  return (
    <div className="chapters-book">
      <div className="chapters-tabs" role="tablist" aria-label="Chapters">
        {tabs.map((tab) => {
          const isCurrent = tab.chapterNumber === current?.chapterNumber;
          return (
            <button
              key={tab.chapterNumber}
              ref={(element) => {
                if (element) buttons.current.set(tab.chapterNumber, element);
                else buttons.current.delete(tab.chapterNumber);
              }}
              type="button"
              role="tab"
              id={tabId(tab.chapterNumber)}
              className={`chapters-tab${isCurrent ? ' is-active' : ''}${tab.unlocked ? '' : ' is-locked'}`}
              aria-selected={isCurrent}
              aria-controls={tab.unlocked ? panelId : undefined}
              tabIndex={isCurrent ? 0 : -1}
              disabled={!tab.unlocked}
              onClick={() => select(tab.chapterNumber, false)}
              onKeyDown={onKeyDown}
            >
              {!tab.unlocked && <LockIcon width={14} height={14} className="chapters-tab__lock" />}
              Chapter {tab.chapterNumber}
              {!tab.unlocked && <span className="hero-sr-only"> (locked)</span>}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          className="chapter-reader"
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(current.chapterNumber)}
          tabIndex={0}
        >
          <ChapterText key={current.chapterNumber} chapter={current} />
        </div>
      ) : (
        <p className="chapters-note">{CHAPTER_TEXTS.empty}</p>
      )}
    </div>
  );
}

/**
 * The chapter on screen: its illustration, then its text (sanitised markdown) with the read-aloud
 * controls, or the fallback sentence. Keyed by chapter, so choosing another chapter stops the reading.
 */
function ChapterText({ chapter }: { chapter: Chapter }) {
  const body = chapterBody(chapter);
  if (body.kind === 'fallback') {
    const writing = body.text === CHAPTER_TEXTS.generating;
    return (
      <p
        className={`chapter-reader__fallback${writing ? ' is-writing' : ''}`}
        role={writing ? 'status' : undefined}
      >
        {body.text}
      </p>
    );
  }
  return (
    <>
      {chapter.unlocked && <ChapterIllustration illustration={chapter.illustration} />}
      <ReadableChapter markdown={body.markdown} />
    </>
  );
}

/** Class of the sentence being read. */
const READING_CLASS = 'is-reading';
/** The chapter's headings sit under the panel's h2. */
const CHAPTER_HEADING_OFFSET = 2;

/**
 * The chapter's text with its sentences marked, read aloud on demand with the sentence being read
 * highlighted (aria-current) and kept in view.
 */
function ReadableChapter({ markdown }: { markdown: string }) {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
  // The chapter's markdown starts with its own heading ('# Chapter 1: …'), shown as an h3 under the h2.
  const rendered = useRenderedMarkdown(markdown, CHAPTER_HEADING_OFFSET);
  const text = useMemo(
    () => (rendered.kind === 'html' ? sentenceMarkup(rendered.html, lang) : null),
    [rendered, lang],
  );
  const sentences = useMemo(() => text?.sentences ?? [], [text]);
  const reader = useReadAloud(sentences, lang);
  const container = useRef<HTMLDivElement>(null);

  const { current } = reader;
  useEffect(() => {
    const root = container.current;
    if (!root || current === null) return;
    const pieces = root.querySelectorAll<HTMLElement>(`.${SENTENCE_CLASS}[data-sentence="${current}"]`);
    pieces.forEach((piece) => {
      piece.classList.add(READING_CLASS);
      piece.setAttribute('aria-current', 'true');
    });
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    pieces[0]?.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
    return () =>
      pieces.forEach((piece) => {
        piece.classList.remove(READING_CLASS);
        piece.removeAttribute('aria-current');
      });
  }, [current, text]);

  if (!text) {
    // Formatting failed: the plain text, without reading aloud.
    return (
      <Markdown text={markdown} className="markdown chapter-text" headingOffset={CHAPTER_HEADING_OFFSET} />
    );
  }
  // One column for the controls and the text, so Listen sits at the start of the lines it reads.
  return (
    <div className="chapter-column">
      <ReadAloudControls reader={reader} total={sentences.length} />
      {/* The HTML went through the DOMPurify allow-list; only sentence spans were added since. */}
      <div
        ref={container}
        className="markdown chapter-text"
        data-testid="chapter-text"
        dangerouslySetInnerHTML={{ __html: text.html }}
      />
    </div>
  );
}

function ChapterPromptBox({
  prompt,
  nextUnlockAt,
  onReleaseDue,
}: {
  prompt: ChapterPrompt;
  nextUnlockAt: string | null;
  onReleaseDue: () => void;
}) {
  const titleId = useId();
  if (prompt.kind === 'none') return null;
  return (
    <div role="group" className={`chapters-prompt chapters-prompt--${prompt.kind}`} aria-labelledby={titleId}>
      <div className="chapters-prompt__text">
        <h3 id={titleId} className="chapters-prompt__title">
          {prompt.kind !== 'next-chapter-soon' && <LockIcon width={18} height={18} />}
          {prompt.heading}
        </h3>
        {prompt.kind === 'next-chapter-soon' ? (
          <ReleaseCountdown nextUnlockAt={nextUnlockAt} onDue={onReleaseDue} />
        ) : prompt.kind === 'unlock-full-story' ? (
          <p>
            Upgrade to premium for a ten-chapter story released day by day, full-quality art and the whole
            backstory.
          </p>
        ) : (
          <p>Continue your hero’s story with 3 more chapters.</p>
        )}
      </div>
      <Link to={prompt.to} className="button button--primary chapters-prompt__button">
        {prompt.buttonContext && <span className="hero-sr-only">{prompt.buttonContext}</span>}
        {prompt.buttonLabel}
      </Link>
    </div>
  );
}

/** 'Next chapter unlocks in Xh Ym. Premium chapters are released daily.', live; asks the server once it is due. */
function ReleaseCountdown({ nextUnlockAt, onDue }: { nextUnlockAt: string | null; onDue: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [nextUnlockAt]);

  // Wake exactly when the release is due (the interval alone could be up to a tick late).
  useEffect(() => {
    if (!nextUnlockAt) return;
    const wait = Date.parse(nextUnlockAt) - Date.now();
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => setNow(Date.now()), wait + 50);
    return () => window.clearTimeout(timer);
  }, [nextUnlockAt]);

  const due = isReleaseDue(nextUnlockAt, now);
  const onDueRef = useRef(onDue);
  useEffect(() => {
    onDueRef.current = onDue;
  }, [onDue]);
  useEffect(() => {
    if (due) onDueRef.current();
  }, [due, nextUnlockAt]);

  return (
    <p className="chapters-prompt__countdown" data-testid="chapter-countdown">
      {countdownText(nextUnlockAt, now)}
    </p>
  );
}
