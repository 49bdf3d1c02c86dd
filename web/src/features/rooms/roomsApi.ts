/**
 * Shared story calls on the app's API slice: the active rooms, one room's detail, and creating a
 * room. Failures reject with the app's ApiError; the pages choose the words shown.
 */
import { api } from '../../app/api';
import type { RoomDetail, RoomSummary } from './types';

const withRoomTags = api.enhanceEndpoints({ addTagTypes: ['Rooms', 'Room'] });

export const roomsApi = withRoomTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/shared-story → the active rooms with their live counts. */
    getActiveRooms: build.query<RoomSummary[], void>({
      query: () => '/shared-story',
      providesTags: ['Rooms'],
    }),

    /** GET /api/shared-story/{roomId} → { title, participants }. */
    getRoomDetail: build.query<RoomDetail, string>({
      query: (roomId) => `/shared-story/${encodeURIComponent(roomId)}`,
      providesTags: (_result, _error, roomId) => [{ type: 'Room', id: roomId }],
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
  }),
});

export const { useGetActiveRoomsQuery, useGetRoomDetailQuery, useCreateRoomMutation } = roomsApi;
