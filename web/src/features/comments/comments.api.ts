import type { Comment, CommentRequest } from '@pixtract/contracts';
import { api } from '../../app/api';

const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page's comments by its normalised address: the approved ones and the caller's own that wait. */
    getComments: build.query<Comment[], string>({
      query: (url) => ({ url: '/comments', params: { url } }),
      providesTags: (_comments, _error, url) => [{ type: 'Comments', id: url }],
    }),
    addComment: build.mutation<Comment, CommentRequest>({
      query: (body) => ({ url: '/comments', method: 'POST', body }),
      invalidatesTags: (_comment, _error, body) => [{ type: 'Comments', id: body.sourceUrl }, 'PendingComments'],
    }),
  }),
});

export const { useGetCommentsQuery, useAddCommentMutation } = commentsApi;
