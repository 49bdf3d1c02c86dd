import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { MODERATION_MESSAGES } from '@starborn/contracts';
import { useAppDispatch } from '../../app/hooks';
import { Markdown } from '../../components/Markdown';
import {
  formatMessageTime,
  formatSystemMessage,
  groupMessages,
  isNearBottom,
  type MessageGroup,
  ROOM_TEXT,
  shouldAutoScroll,
} from './roomRules';
import { narratorTypingGuessLapsed, noticeDismissed, type RoomViewState } from './roomsSlice';
import { type ChatMessage, ROOM_MESSAGE_MAX_LENGTH } from './types';
import { HostBadge } from './HostBadge';
import { StoryAvatar } from './StoryAvatar';

/** How long the client's own guess that the narrator writes stands without the server's word. */
const TYPING_GUESS_LAPSE_MS = 5_000;

interface ChatPaneProps {
  room: RoomViewState;
  heroId: string;
  hostHeroId: string | null;
  canSend: boolean;
  send: (text: string) => boolean;
}

/** The room's chat: the messages grouped by author, the narrator's typing line, the message form. */
export function ChatPane({ room, heroId, hostHeroId, canSend, send }: ChatPaneProps) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const newest = room.messages.at(-1);

  // Auto-scroll: measured before the new message arrived (on every scroll), applied after.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || !shouldAutoScroll(nearBottom.current, newest)) return;
    log.scrollTop = log.scrollHeight;
    nearBottom.current = true;
  }, [newest]);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && room.narratorTyping && nearBottom.current) log.scrollTop = log.scrollHeight;
  }, [room.narratorTyping]);
  // A guess of this client that the server never confirmed does not stay up.
  const guessed = room.narratorTyping && room.narratorTypingGuessed;
  useEffect(() => {
    if (!guessed) return;
    const timer = window.setTimeout(() => dispatch(narratorTypingGuessLapsed()), TYPING_GUESS_LAPSE_MS);
    return () => window.clearTimeout(timer);
  }, [guessed, dispatch]);

  // The server refusing the message just sent gives its text back to the input, to be edited.
  const lastSent = useRef('');
  useEffect(() => {
    if (room.notice !== MODERATION_MESSAGES.chatMessage || !lastSent.current) return;
    const refused = lastSent.current;
    lastSent.current = '';
    setText((current) => current || refused);
  }, [room.notice]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    // A new message dismisses the last notice, so that a refusal of this one shows again.
    if (room.notice) dispatch(noticeDismissed());
    if (send(text)) {
      lastSent.current = text;
      setText('');
    }
  }

  const groups = groupMessages(room.messages);

  return (
    <section className="story-panel story-chat" aria-labelledby="story-chat-title">
      <h2 id="story-chat-title" className="hero-sr-only">
        Story
      </h2>
      <div
        ref={logRef}
        className="story-chat__log"
        role="log"
        aria-label="Story messages"
        tabIndex={0}
        onScroll={(event) => {
          nearBottom.current = isNearBottom(event.currentTarget);
        }}
      >
        {groups.length === 0 && (
          <p className="story-muted story-chat__empty">The story is about to begin...</p>
        )}
        {groups.map((group) => (
          <MessageGroupView
            key={group.key}
            group={group}
            own={group.sender.id === heroId}
            host={group.kind === 'hero' && group.sender.id === hostHeroId}
          />
        ))}
        {room.narratorTyping && (
          <div className="story-typing" role="status" data-testid="narrator-typing">
            <span className="story-typing__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            The narrator is weaving the next part of the story...
          </div>
        )}
      </div>

      {room.closed && (
        <p className="story-chat__closed" role="status">
          {ROOM_TEXT.roomClosed}
        </p>
      )}

      {room.notice && (
        <div className="form-error story-chat__notice" role="alert">
          <span>{room.notice}</span>
          <button type="button" className="story-chat__dismiss" onClick={() => dispatch(noticeDismissed())}>
            Dismiss
          </button>
        </div>
      )}

      {!room.closed && (
        <form className="story-chat__form" onSubmit={handleSubmit}>
          <label htmlFor={inputId} className="hero-sr-only">
            Your message
          </label>
          <input
            id={inputId}
            className="field__input story-chat__input"
            type="text"
            autoComplete="off"
            maxLength={ROOM_MESSAGE_MAX_LENGTH}
            value={text}
            disabled={!canSend}
            placeholder={canSend ? ROOM_TEXT.participantPlaceholder : ROOM_TEXT.spectatorPlaceholder}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={!canSend}>
            Send
          </button>
        </form>
      )}
    </section>
  );
}

function MessageGroupView({ group, own, host }: { group: MessageGroup; own: boolean; host: boolean }) {
  if (group.kind === 'system') {
    const message = group.messages[0]!;
    return (
      <div className="story-message story-message--system" data-testid="system-message">
        <SystemText content={message.content} />
      </div>
    );
  }
  const narrator = group.kind === 'narrator';
  const name = narrator ? group.sender.name || 'The Narrator' : group.sender.name;
  return (
    <article
      className={`story-group story-group--${group.kind}${own ? ' is-own' : ''}`}
      aria-label={`${narrator ? 'Narrator' : name}`}
    >
      {narrator ? (
        <span className="story-avatar story-avatar--narrator" aria-hidden="true">
          ✦
        </span>
      ) : (
        <StoryAvatar name={name} src={group.sender.avatar} />
      )}
      <div className="story-group__body">
        <p className="story-group__header">
          <span className="story-group__name" dir="auto">
            {name}
          </span>
          {host && <HostBadge />}
          <time className="story-group__time" dateTime={group.messages[0]!.timestamp}>
            {formatMessageTime(group.messages[0]!.timestamp)}
          </time>
        </p>
        {group.messages.map((message) => (
          <MessageText key={message.id} message={message} />
        ))}
      </div>
    </article>
  );
}

function MessageText({ message }: { message: ChatMessage }) {
  return (
    <div
      className={`story-message story-message--${message.kind}`}
      data-testid={message.kind === 'narrator' ? 'narrator-message' : 'hero-message'}
    >
      {message.kind === 'hero' ? (
        // A hero's line is what a user typed: shown as text, never as markup or links.
        <div className="story-message__text story-message__text--plain">
          <p dir="auto">{message.content}</p>
        </div>
      ) : (
        <Markdown text={message.content} className="markdown story-message__text" headingOffset={2} />
      )}
    </div>
  );
}

/** System lines use their own formatter; a failure shows the plain text in a paragraph. */
function SystemText({ content }: { content: string }) {
  let segments;
  try {
    segments = formatSystemMessage(content);
  } catch (error) {
    console.warn('A system message could not be formatted; showing plain text.', error);
    return <p>{content}</p>;
  }
  return (
    <p>
      {segments.map((segment, index) =>
        segment.strong ? (
          // The strong segments are heroes' names.
          <strong key={index}>
            <bdi>{segment.text}</bdi>
          </strong>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
