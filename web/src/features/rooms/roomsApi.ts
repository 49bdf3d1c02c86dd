/**
 * Shared story calls on the app's API slice: the active rooms, one room's detail, and creating a
 * room. Failures reject with the app's ApiError; the pages choose the words shown.
 */
import { api } from '../../app/api';
import type { RoomDetail, RoomSettingsChange, RoomSummary } from './types';

/** Which room's detail, with the invite token the person came with (if any). */
export interface RoomDetailArgs {
  roomId: string;
  invite?: string;
}

const withRoomTags = api.enhanceEndpoints({ addTagTypes: ['Rooms', 'Room'] });

export const roomsApi = withRoomTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/shared-story → the active rooms with their live counts. */
    getActiveRooms: build.query<RoomSummary[], void>({
      query: () => '/shared-story',
      providesTags: ['Rooms'],
    }),

    /**
     * GET /api/shared-story/{roomId}[?invite=] → { title, participants }. An invite-only room answers
     * its members, and those who bring its current invite token; everyone else gets a 404.
     */
    getRoomDetail: build.query<RoomDetail, RoomDetailArgs>({
      query: ({ roomId, invite }) =>
        `/shared-story/${encodeURIComponent(roomId)}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`,
      providesTags: (_result, _error, { roomId }) => [{ type: 'Room', id: roomId }],
    }),

    /** POST /api/shared-story/create { heroId } → { roomId }. */
    createRoom: build.mutation<{ roomId: string }, string>({
      query: (heroId) => ({ url: '/shared-story/create', method: 'POST', body: { heroId } }),
      transformResponse: (response: unknown) => {
        const body = (typeof response === 'object' && response !== null ? response : {}) as Record<
          string,
          unknown
        >;
        const roomId =
          typeof body.roomId === 'string' ? body.roomId : typeof body.id === 'string' ? body.id : '';
        return { roomId };
      },
      invalidatesTags: ['Rooms'],
    }),

    /** PATCH /api/shared-story/{roomId} { title?, inviteOnly?, rotateInvite? } → the room (host only). */
    updateRoom: build.mutation<RoomDetail, { roomId: string } & RoomSettingsChange>({
      query: ({ roomId, ...change }) => ({
        url: `/shared-story/${encodeURIComponent(roomId)}`,
        method: 'PATCH',
        body: change,
      }),
      invalidatesTags: (_result, _error, { roomId }) => ['Rooms', { type: 'Room', id: roomId }],
    }),

    /** POST /api/shared-story/{roomId}/remove { heroId } → the room (host only). */
    removeRoomHero: build.mutation<RoomDetail, { roomId: string; heroId: string }>({
      query: ({ roomId, heroId }) => ({
        url: `/shared-story/${encodeURIComponent(roomId)}/remove`,
        method: 'POST',
        body: { heroId },
      }),
      invalidatesTags: (_result, _error, { roomId }) => [{ type: 'Room', id: roomId }],
    }),

    /** POST /api/shared-story/{roomId}/close → the room, closed (host only). */
    closeRoom: build.mutation<RoomDetail, string>({
      query: (roomId) => ({ url: `/shared-story/${encodeURIComponent(roomId)}/close`, method: 'POST' }),
      invalidatesTags: (_result, _error, roomId) => ['Rooms', { type: 'Room', id: roomId }],
    }),
  }),
});

export const {
  useGetActiveRoomsQuery,
  useGetRoomDetailQuery,
  useCreateRoomMutation,
  useUpdateRoomMutation,
  useRemoveRoomHeroMutation,
  useCloseRoomMutation,
} = roomsApi;
