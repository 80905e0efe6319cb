import type { Comment, ExtractionView } from '@pixtract/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { signedIn, signedOut } from '../../test/auth-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

// Each test renders the whole app and types into its form: on a machine shared with other builds that takes longer than jest's 5 s default.
jest.setTimeout(30_000);

const url = 'https://example.com/';
const completed: ExtractionView = {
  extractionId: 'ex-1',
  url,
  status: 'completed',
  result: {
    files: [{ fileUrl: 'https://example.com/cat.png', alt: 'A cat', width: 640, height: 480 }],
    sourceUrl: url,
    warnings: [],
    limits: { total: 500, used: 1, remaining: 499, role: 'free' },
    performanceInfo: { timeMs: 900, method: 'static' },
  },
};

const comment = (fields: Partial<Comment>): Comment => ({
  id: 1,
  userId: null,
  username: 'Bo',
  content: 'Nice',
  rating: 5,
  sourceUrl: url,
  verified: false,
  byAdministrator: false,
  approved: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

/** The results page of example.com, its extraction already complete, with the comment routes answered as given. */
function resultsWith(routes: Parameters<typeof fakeApi>[0], auth = signedOut) {
  const api = fakeApi({
    'GET /api/auth/status': { status: 200, body: auth },
    'POST /api/extractions': { status: 202, body: { extractionId: 'ex-1' } },
    'GET /api/extractions/ex-1': { status: 200, body: completed },
    ...routes,
  });
  const rendered = renderWithProviders('/results?url=example.com');
  return { ...api, ...rendered };
}

const toast = () => screen.getByRole('region', { name: /F8/ });

describe('comments below the results', () => {
  it('shows the average of the approved ratings, each comment with its stars and badges, and markup as plain text', async () => {
    const script = '<script>window.hacked = true</script><b>bold?</b>';
    resultsWith({
      'GET /api/comments': {
        status: 200,
        body: [
          comment({
            id: 4,
            username: 'site-keeper',
            content: 'From the team',
            rating: 5,
            byAdministrator: true,
            userId: 1,
          }),
          comment({ id: 3, username: 'Me', content: 'Mine, waiting', rating: 1, approved: false }),
          comment({ id: 2, username: 'Ada', content: script, rating: 4, verified: true, userId: 7 }),
          comment({ id: 1, username: 'Bo', content: 'Great\nimages', rating: 5 }),
        ],
      },
    });

    const list = await screen.findByRole('list', { name: 'Comments' });
    // The pending comment (rating 1) is its author's only: it does not count in the average.
    expect(screen.getByTestId('comments-average')).toHaveTextContent('4.7 out of 5');
    expect(screen.getByTestId('comments-average')).toHaveTextContent('3 comments');
    const [team, mine, ada, bo] = within(list).getAllByRole('listitem');
    // Only the administrator's comment carries the badge: it comes from the API's byAdministrator, not the name.
    expect(within(team).getByText('Administrator')).toBeInTheDocument();
    expect(within(list).getAllByTestId('administrator-badge')).toHaveLength(1);
    expect(within(mine).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(ada).getByText('Verified extraction')).toBeInTheDocument();
    expect(within(ada).getByRole('img', { name: '4 stars out of 5' })).toBeInTheDocument();
    expect(within(ada).getByText(script)).toBeInTheDocument();
    expect(document.querySelector('main script, main b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(bo).getByText(/Great\s+images/)).toBeInTheDocument();
  });

  it('asks a visitor for a comment and a name before sending anything, then says theirs waits for a moderator', async () => {
    const { calls, user } = resultsWith({
      'GET /api/comments': [
        { status: 200, body: [] },
        { status: 200, body: [comment({ id: 9, username: 'Cy', content: 'Lovely', rating: 3, approved: false })] },
      ],
      'POST /api/comments': {
        status: 201,
        body: comment({ id: 9, username: 'Cy', content: 'Lovely', rating: 3, approved: false }),
      },
    });
    expect(await screen.findByText('No comments yet. Be the first to share what you think.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(within(toast()).getByText('Comment required')).toBeInTheDocument();
    expect(within(toast()).getByText('Please enter a comment')).toBeInTheDocument();
    expect(screen.getByLabelText('Your comment')).toHaveAttribute('aria-invalid', 'true');
    // Described by its error (shown under it, where it stays) before its counter.
    expect(screen.getByLabelText('Your comment')).toHaveAccessibleDescription(
      expect.stringMatching(/^Please enter a comment \S/),
    );

    await user.type(screen.getByLabelText('Your comment'), 'Lovely');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(within(toast()).getByText('Username required')).toBeInTheDocument();
    expect(within(toast()).getByText('Please enter a username')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Please enter a username');
    expect(calls.filter((call) => call.path === '/api/comments' && call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: '3 stars out of 5' }));
    await user.type(screen.getByLabelText('Your name'), 'Cy');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() =>
      expect(within(toast()).getByText('Your comment will appear once a moderator approves it.')).toBeInTheDocument(),
    );
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === '/api/comments').map((call) => call.body),
    ).toEqual([{ content: 'Lovely', rating: 3, sourceUrl: url, username: 'Cy' }]);
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
  });

  it('lets a member post under their account, shown at once', async () => {
    const { calls, user } = resultsWith(
      {
        'GET /api/comments': { status: 200, body: [] },
        'POST /api/comments': { status: 201, body: comment({ username: 'Ada Lovelace', userId: 7, content: 'Mine' }) },
      },
      signedIn(),
    );
    expect(await screen.findByText('Posting as Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Your comment'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(within(toast()).getByText('Comment posted')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/comments')?.body).toEqual({
      content: 'Mine',
      rating: 5,
      sourceUrl: url,
    });
  });

  it("shows the server's refusal in the reader's words", async () => {
    const { user } = resultsWith({
      'GET /api/comments': { status: 200, body: [] },
      'POST /api/comments': {
        status: 429,
        body: {
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many attempts. Please wait a moment and try again.',
        },
      },
    });
    await user.type(await screen.findByLabelText('Your name'), 'Cy');
    await user.type(screen.getByLabelText('Your comment'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(within(toast()).getByText('Failed to add comment')).toBeInTheDocument());
    expect(within(toast()).getByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
  });

  it('says so when the comments cannot be loaded, and tries again on request', async () => {
    const { user } = resultsWith({
      'GET /api/comments': [
        {
          status: 500,
          body: { statusCode: 500, code: 'INTERNAL', message: 'An error occurred. Please try again later.' },
        },
        { status: 200, body: [comment({ content: 'Back again' })] },
      ],
    });
    expect(await screen.findByText('Error loading comments')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});
