/**
 * The shared story's small rules and words. Pure:
 * the slice, the socket wiring and the pages call them; Jest tests them.
 */
import { ROOM_MESSAGES } from '@starborn/contracts';
import { asApiError } from '../../app/apiErrors';
import { AUTO_SCROLL_THRESHOLD_PX, type ChatMessage, type ChatMessageKind, type RoomRole } from './types';

export { connectErrorMessage, narratorTypesAfterSend, userMessageCount, withMessage } from './roomState';

export const ROOM_TEXT = {
  // The server's own words for the same refusals.
  selectHeroFirst: ROOM_MESSAGES.selectHeroFirst,
  premiumRequiredToCreate: ROOM_MESSAGES.premiumRequiredToCreate,
  spectatorPlaceholder: ROOM_MESSAGES.spectatorCannotSend,
  participantPlaceholder: 'Describe what your hero does next...',
  createButton: 'Create New Shared Story',
  premiumRequired: 'Premium Required',
  heroLoading: 'Finding your hero...',
  nobodyInside: 'Nobody inside right now',
  noHeroSelected: 'No hero selected',
  selectHero: 'Select a Hero',
  noRooms: 'No active shared stories found. Create a new one!',
  roomsLoading: 'Loading active shared stories...',
  roomsFailed: 'Failed to load active shared story rooms.',
  createFailed: 'Failed to create room.',
  roomDetailsFailed: 'Failed to load room details.',
  joining: 'Joining shared story...',
  creating: 'Creating new shared story...',
  participating: 'Participating Hero',
  spectating: 'Spectating Hero',
  participantNote: 'Your hero can actively shape this cosmic journey',
  spectatorNote: 'Your hero is watching the adventure unfold',
  noHeroesJoined: 'No heroes have joined yet',
  unknownSign: 'Unknown',
  authenticationFailed: 'Authentication failed. Please sign in again.',
  socketError: 'Something went wrong in the story. Please try again.',
  copied: 'Copied!',
  host: 'Host',
  removedFromRoom: ROOM_MESSAGES.removedFromRoom,
  roomClosed: 'This room is closed. Its story stays here to read.',
  inviteOnlyNote: 'Only heroes with an invite link from the host can join this room.',
} as const;

/** A failed create shows the server's error field, else 'Failed to create room.' */
export function createRoomErrorMessage(error: unknown): string {
  return asApiError(error)?.serverMessage ?? ROOM_TEXT.createFailed;
}

/** Creating a room needs a selected hero, and a premium one. null when creating may go ahead. */
export function createRoomRefusal(hero: { isPremium: boolean } | null): string | null {
  if (!hero) return ROOM_TEXT.selectHeroFirst;
  if (!hero.isPremium) return ROOM_TEXT.premiumRequiredToCreate;
  return null;
}

/** The room view's label: 'Participating Hero' or 'Spectating Hero'. */
export function roleBadgeLabel(role: RoomRole): string {
  return role === 'participant' ? ROOM_TEXT.participating : ROOM_TEXT.spectating;
}

export function roleNote(role: RoomRole): string {
  return role === 'participant' ? ROOM_TEXT.participantNote : ROOM_TEXT.spectatorNote;
}

/** A lobby row's live count of everyone connected to the room. */
export function insideLabel(count: number): string {
  return `${count} inside now`;
}

/** The header's count: the heroes connected to the room now. */
export function heroCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'hero' : 'heroes'} here now`;
}

/**
 * Who the page shows as connected: the server's word, with this client's own hero in it while it is
 * connected (a word sent just before this socket joined may not name it yet).
 */
export function presentHeroIds(
  present: readonly { id: string }[] | null,
  own: { heroId: string; connected: boolean },
): Set<string> {
  const ids = new Set((present ?? []).map((hero) => hero.id));
  if (own.connected) ids.add(own.heroId);
  else ids.delete(own.heroId);
  return ids;
}

/** How long ago, in words: 'just now', '4 minutes ago', '2 hours ago', '3 days ago'. */
export function timeAgo(timestamp: string, now = new Date()): string {
  const ms = now.getTime() - new Date(timestamp).getTime();
  if (Number.isNaN(ms)) return '';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Input and Send are enabled only for a premium hero taking part. */
export function canSendMessages(isPremium: boolean, role: RoomRole | null): boolean {
  return isPremium && role === 'participant';
}

/** Sending a message: ignored without a connection or with blank text; the text is trimmed. */
export function messageToSend(text: string, connected: boolean): string | null {
  const trimmed = text.trim();
  if (!connected || trimmed === '') return null;
  return trimmed;
}

/**
 * A hero's premium state in a room: the room joined event decides; before it, the fetched
 * hero's paymentStatus; if that fetch failed, the stored payment status.
 */
export function heroIsPremiumInRoom(
  joinedIsPremium: boolean | null,
  fetched: { paymentStatus: string } | undefined,
  stored: { paymentStatus: string } | null,
): boolean {
  if (joinedIsPremium !== null) return joinedIsPremium;
  if (fetched) return fetched.paymentStatus === 'paid';
  return stored?.paymentStatus === 'paid';
}

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Within 100 px of the bottom counts as reading the newest messages. */
export function isNearBottom(metrics: ScrollMetrics, threshold = AUTO_SCROLL_THRESHOLD_PX): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= threshold;
}

/**
 * Auto-scroll: to the newest message when the reader was within 100 px of the bottom before
 * it arrived, or when the newest message is from the system — the reserved sender, which signs the
 * narrator's lines as well as the room's own.
 */
export function shouldAutoScroll(
  wasNearBottom: boolean,
  newest: Pick<ChatMessage, 'kind'> | undefined,
): boolean {
  if (!newest) return false;
  return wasNearBottom || newest.kind !== 'hero';
}

/** Messages of one sender in a row within this window share one name and avatar. */
export const GROUP_WINDOW_MS = 5 * 60 * 1000;

export interface MessageGroup {
  key: string;
  kind: ChatMessageKind;
  sender: ChatMessage['sender'];
  messages: ChatMessage[];
}

function timeOf(timestamp: string): number {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * Consecutive hero or narrator messages of the same sender, each within 5 minutes of the one
 * before, form one group; every system line stands alone.
 */
export function groupMessages(messages: readonly ChatMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    const previous = last?.messages.at(-1);
    const joins =
      last !== undefined &&
      previous !== undefined &&
      message.kind !== 'system' &&
      last.kind === message.kind &&
      last.sender.id === message.sender.id &&
      Math.abs(timeOf(message.timestamp) - timeOf(previous.timestamp)) <= GROUP_WINDOW_MS;
    if (joins) last.messages.push(message);
    else groups.push({ key: message.id, kind: message.kind, sender: message.sender, messages: [message] });
  }
  return groups;
}

/** A message's time as the chat shows it ('14:05'), or '' for an unreadable timestamp. */
export function formatMessageTime(timestamp: string, locale?: string, timeZone?: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(date);
}

/** A room's created date in the lobby ('Mar 5, 2025'), or '' for an unreadable one. */
export function formatRoomDate(timestamp: string, locale?: string, timeZone?: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
}

/** A room's last activity time in the lobby: the time, with the date when it was not today. */
export function formatLastActivity(
  timestamp: string,
  now = new Date(),
  locale?: string,
  timeZone?: string,
): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone }).format(d);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(date);
  if (day(date) === day(now)) return time;
  return `${formatRoomDate(timestamp, locale, timeZone)}, ${time}`;
}

export interface TextSegment {
  text: string;
  strong: boolean;
}

/**
 * The system messages' own formatter: plain text where **name** is emphasised. Nothing
 * here becomes HTML, so there is nothing to sanitise.
 */
export function formatSystemMessage(content: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of content.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ text: content.slice(last, index), strong: false });
    segments.push({ text: match[1] ?? '', strong: true });
    last = index + match[0].length;
  }
  if (last < content.length) segments.push({ text: content.slice(last), strong: false });
  return segments;
}

/** The link another hero opens to join. */
/** The room's address; with an invite token, the link that opens an invite-only room. */
export function roomInviteUrl(origin: string, roomId: string, inviteToken?: string): string {
  const url = `${origin.replace(/\/+$/, '')}/shared-story/${encodeURIComponent(roomId)}`;
  return inviteToken ? `${url}?invite=${encodeURIComponent(inviteToken)}` : url;
}

export interface HeroChoice {
  heroId: string;
  paymentStatus: string;
  status?: string;
}

/**
 * Which hero enters the shared story (lobby and room view): the one named by ?heroId=, else the one
 * the user last took into a shared story, else the first premium hero, else the first hero. null when
 * the user has no hero, or named one that is not theirs.
 */
export function chooseHero<T extends HeroChoice>(
  heroes: readonly T[],
  requestedId: string | null,
  rememberedId: string | null,
): T | null {
  if (requestedId) return heroes.find((hero) => hero.heroId === requestedId) ?? null;
  const remembered = rememberedId ? heroes.find((hero) => hero.heroId === rememberedId) : undefined;
  if (remembered) return remembered;
  return heroes.find((hero) => hero.paymentStatus === 'paid') ?? heroes[0] ?? null;
}
