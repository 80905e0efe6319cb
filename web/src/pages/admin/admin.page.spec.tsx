import type { Comment } from '@pixtract/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { signedIn, signedOut } from '../../test/auth-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const held: Comment = {
  id: 41,
  userId: null,
  username: 'Visitor',
  content: 'Please approve me',
  rating: 4,
  sourceUrl: 'https://example.com/gallery',
  verified: false,
  byAdministrator: false,
  approved: false,
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('/admin', () => {
  it('sends a visitor to log in, asking nothing of the moderation routes', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/status': { status: 200, body: signedOut } });
    const { router } = renderWithProviders('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(calls.some((call) => call.path.startsWith('/api/admin'))).toBe(false);
  });

  it('tells a member who is no administrator so, and shows nothing of the moderation', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/status': { status: 200, body: signedIn() } });
    renderWithProviders('/admin');
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Comments awaiting approval' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/admin'))).toBe(false);
  });

  it("shows an administrator the comments that wait and the queue dashboard's link; approve and delete act at once", async () => {
    const other = { ...held, id: 42, content: 'Spam, delete me' };
    const { calls } = fakeApi({
      'GET /api/auth/status': { status: 200, body: signedIn({ role: 'admin' }) },
      'GET /api/admin/comments': [
        { status: 200, body: [held, other] },
        { status: 200, body: [other] },
        { status: 200, body: [] },
      ],
      'POST /api/admin/comments/41/approve': { status: 200, body: { ...held, approved: true } },
      'DELETE /api/admin/comments/42': { status: 204, body: null },
    });
    const { user } = renderWithProviders('/admin');

    expect(await screen.findByRole('heading', { name: 'Administration', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the queue dashboard' })).toHaveAttribute('href', '/admin/queues');
    const list = await screen.findByRole('list', { name: 'Comments awaiting approval' });
    expect(screen.getByText('2 comments wait for a decision.')).toBeInTheDocument();
    const first = within(list).getAllByRole('listitem')[0];
    expect(within(first).getByText('Please approve me')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'https://example.com/gallery' })).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Comment approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please approve me')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(await screen.findByText('No comments are waiting. All caught up!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/admin/comments/41/approve',
      'DELETE /api/admin/comments/42',
    ]);
  });
});
