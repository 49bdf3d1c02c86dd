/**
 * The shared story state: the hero taken into shared stories, and the room on screen —
 * loading, then joined (participant or spectator) or error; connected or disconnected; its
 * messages; and the narrator typing indicator. The socket wiring (roomConnection.ts) dispatches
 * the server's events here; the pages only read.
 *
 * The slice joins the store when this module loads (with the room screens and their hooks), not
 * with the store: the landing page's JavaScript carries neither these reducers nor the room rules.
 */
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { joinStore } from '../../app/store';
import { sessionEnded, signedOut } from '../auth/authSlice';
import { connectErrorMessage, narratorTypesAfterSend, withMessage } from './roomState';
import { heroSelected, selectedHeroRestored, type SelectedHero } from './selectedHero';
import type { ChatMessage, RoomJoined, RoomPresentHero, RoomRole } from './types';

export { heroSelected, type SelectedHero };

export type RoomStatus = 'idle' | 'loading' | 'joined' | 'error';
export type ConnectionState = 'connected' | 'disconnected';

export interface RoomViewState {
  roomId: string | null;
  heroId: string | null;
  status: RoomStatus;
  connection: ConnectionState;
  /** The server accepted the hero (authenticate → authenticated). */
  authenticated: boolean;
  /** The error screen's message (status 'error'). */
  error: string | null;
  /** A problem after joining (a refused message, a lost connection), shown above the input. */
  notice: string | null;
  role: RoomRole | null;
  /** From the room joined event, which overrides everything else. */
  isPremium: boolean | null;
  messages: ChatMessage[];
  narratorTyping: boolean;
  /** The indicator is only this client's guess (after its own third message), not yet the server's word. */
  narratorTypingGuessed: boolean;
  /** The host closed the room: its history is shown read-only. */
  closed: boolean;
  /** The host removed this hero from the room (its socket is dropped by the server). */
  removed: boolean;
  /** Counts the host's changes heard live, so the page reads the room's detail again. */
  hostChanges: number;
  /**
   * Who is connected to the room now, as the server last said (`room_presence`); null before it said.
   * Live state: never read from the transcript's join and leave lines.
   */
  present: RoomPresentHero[] | null;
}

export interface RoomsState {
  selectedHero: SelectedHero | null;
  room: RoomViewState;
}

export const initialRoomView: RoomViewState = {
  roomId: null,
  heroId: null,
  status: 'idle',
  connection: 'disconnected',
  authenticated: false,
  error: null,
  notice: null,
  role: null,
  isPremium: null,
  messages: [],
  narratorTyping: false,
  narratorTypingGuessed: false,
  closed: false,
  removed: false,
  hostChanges: 0,
  present: null,
};

export const initialRoomsState: RoomsState = { selectedHero: null, room: initialRoomView };

/** An event names this room, or no room at all (ids compare case-insensitively). */
function forThisRoom(room: RoomViewState, roomId: string | undefined): boolean {
  return !roomId || !room.roomId || roomId.toLowerCase() === room.roomId.toLowerCase();
}

const roomsSlice = createSlice({
  name: 'rooms',
  initialState: initialRoomsState,
  reducers: {
    /** The room view opened (or reopened) a room with a hero: loading starts afresh. */
    roomEntered(state, action: PayloadAction<{ roomId: string; heroId: string }>) {
      state.room = { ...initialRoomView, ...action.payload, status: 'loading' };
    },
    roomLeft(state) {
      state.room = initialRoomView;
    },
    socketConnected(state) {
      state.room.connection = 'connected';
      state.room.authenticated = false;
      // A reconnection clears the connection's own complaint.
      state.room.notice = null;
    },
    socketDisconnected(state) {
      state.room.connection = 'disconnected';
      state.room.authenticated = false;
    },
    /** 'Failed to connect to the story server: {reason}' — loading ends. */
    connectFailed(state, action: PayloadAction<string>) {
      const message = connectErrorMessage(action.payload);
      state.room.connection = 'disconnected';
      if (state.room.status === 'joined') {
        state.room.notice = message;
      } else {
        state.room.status = 'error';
        state.room.error = message;
      }
    },
    authenticated(state) {
      state.room.authenticated = true;
    },
    /** The authentication error shows the server's message. */
    authenticationFailed(state, action: PayloadAction<string>) {
      state.room.status = 'error';
      state.room.error = action.payload;
      state.room.authenticated = false;
    },
    roomJoined(state, action: PayloadAction<RoomJoined>) {
      const { role, isPremium, messages, narratorTyping, closed } = action.payload;
      state.room.status = 'joined';
      state.room.closed = closed;
      // The server knows whether the narrator is writing as this hero arrives.
      state.room.narratorTyping = narratorTyping;
      state.room.narratorTypingGuessed = false;
      state.room.error = null;
      state.room.role = role;
      state.room.isPremium = isPremium;
      // A rejoin after a reconnection brings the history again: keep any newer message seen since.
      const merged = messages.reduce(withMessage, [] as ChatMessage[]);
      state.room.messages = state.room.messages
        .filter((m) => !merged.some((n) => n.id === m.id))
        .reduce(withMessage, merged)
        .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || 0);
    },
    /**
     * The typing rule, read so the indicator can be seen (docs/decisions.md, "the narrator's pace"): the
     * narrator's own line clears it. While the server says the narrator is writing, other lines (a
     * hero's, a join) leave it up; a mere guess of this client is cleared by another hero's line.
     */
    messageReceived(state, action: PayloadAction<ChatMessage>) {
      const message = action.payload;
      state.room.messages = withMessage(state.room.messages, message);
      const othersLine = message.kind === 'hero' && message.sender.id !== state.room.heroId;
      if (message.kind === 'narrator' || (state.room.narratorTypingGuessed && othersLine)) {
        state.room.narratorTyping = false;
        state.room.narratorTypingGuessed = false;
      }
    },
    /** The server signalled narrator_typing for this room. */
    narratorTypingStarted(state, action: PayloadAction<{ roomId?: string }>) {
      if (!forThisRoom(state.room, action.payload.roomId)) return;
      state.room.narratorTyping = true;
      state.room.narratorTypingGuessed = false;
    },
    /** The server signalled narrator_idle: the narrator stopped without a line. */
    narratorTypingStopped(state, action: PayloadAction<{ roomId?: string }>) {
      if (!forThisRoom(state.room, action.payload.roomId)) return;
      state.room.narratorTyping = false;
      state.room.narratorTypingGuessed = false;
    },
    /** A guess the server never confirmed (its count of the room differed) lapses. */
    narratorTypingGuessLapsed(state) {
      if (!state.room.narratorTypingGuessed) return;
      state.room.narratorTyping = false;
      state.room.narratorTypingGuessed = false;
    },
    /** The participant sent a message: the local half of the typing rule. */
    messageSent(state) {
      state.room.notice = null;
      if (state.room.narratorTyping || !narratorTypesAfterSend(state.room.messages)) return;
      state.room.narratorTyping = true;
      state.room.narratorTypingGuessed = true;
    },
    /** A socket error shows the server's message; before joining it is the error screen. */
    socketErrorReceived(state, action: PayloadAction<string>) {
      if (state.room.status === 'joined') state.room.notice = action.payload;
      else {
        state.room.status = 'error';
        state.room.error = action.payload;
      }
    },
    noticeDismissed(state) {
      state.room.notice = null;
    },
    /** `room_updated`: a closed room stops the narrator's indicator and the input. */
    roomUpdated(state, action: PayloadAction<{ roomId?: string; closed: boolean }>) {
      if (!forThisRoom(state.room, action.payload.roomId)) return;
      state.room.hostChanges += 1;
      if (action.payload.closed) {
        state.room.closed = true;
        state.room.narratorTyping = false;
        state.room.narratorTypingGuessed = false;
      }
    },
    /** `room_presence`: who is connected to this room now. */
    presenceReceived(state, action: PayloadAction<{ roomId?: string; heroes: RoomPresentHero[] }>) {
      if (!forThisRoom(state.room, action.payload.roomId)) return;
      state.room.present = action.payload.heroes;
    },
    /** `hero_removed`: about this client's hero, it is out of the room; another hero's, the list changes. */
    heroRemoved(state, action: PayloadAction<{ roomId?: string; heroId: string }>) {
      if (!forThisRoom(state.room, action.payload.roomId)) return;
      state.room.hostChanges += 1;
      if (action.payload.heroId === state.room.heroId) state.room.removed = true;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isAnyOf(heroSelected, selectedHeroRestored), (state, action) => {
      state.selectedHero = action.payload;
    });
    // Whatever was held belongs to the user who left.
    builder.addMatcher(isAnyOf(signedOut, sessionEnded), () => initialRoomsState);
  },
  selectors: {
    selectSelectedHero: (state) => state.selectedHero,
    selectRoomView: (state) => state.room,
  },
});

export const {
  roomEntered,
  roomLeft,
  socketConnected,
  socketDisconnected,
  connectFailed,
  authenticated,
  authenticationFailed,
  roomJoined,
  messageReceived,
  narratorTypingStarted,
  narratorTypingStopped,
  narratorTypingGuessLapsed,
  messageSent,
  socketErrorReceived,
  noticeDismissed,
  roomUpdated,
  heroRemoved,
  presenceReceived,
} = roomsSlice.actions;
export const { selectSelectedHero, selectRoomView } = roomsSlice.selectors;
export const roomsReducer = roomsSlice.reducer;
export default roomsSlice;

declare module '../../app/store' {
  interface LazySlices {
    rooms: RoomsState;
  }
}

joinStore(roomsSlice);
