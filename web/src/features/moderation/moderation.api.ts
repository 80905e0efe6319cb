import type { Comment } from '@pixtract/contracts';
import { api } from '../../app/api';

/** The administrators' comment routes (401 signed out, 403 to anyone but an administrator). */
const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPendingComments: build.query<Comment[], void>({
      query: () => '/admin/comments',
      providesTags: ['PendingComments'],
    }),
    approveComment: build.mutation<Comment, number>({
      query: (id) => ({ url: `/admin/comments/${id}/approve`, method: 'POST' }),
      invalidatesTags: (comment) => [
        'PendingComments',
        ...(comment ? [{ type: 'Comments' as const, id: comment.sourceUrl }] : []),
      ],
    }),
    deleteComment: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/comments/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PendingComments', 'Comments'],
    }),
  }),
});

export const { useGetPendingCommentsQuery, useApproveCommentMutation, useDeleteCommentMutation } = moderationApi;
