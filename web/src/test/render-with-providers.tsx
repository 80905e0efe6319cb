import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/app-providers';
import { makeStore } from '../app/store';
import { createI18n } from '../i18n/i18n';
import { appRoutes } from '../router/app-routes';
import { FakeSocket } from './fake-socket';

interface RenderOptions {
  socket?: FakeSocket;
  /** For tests on jest's fake timers. */
  advanceTimers?: (ms: number) => void;
}

/**
 * Renders the whole app at `path` — real routes, store and i18n, in StrictMode like main.tsx — with a fake socket
 * in the store's seam. HTTP is answered by fakeApi.
 */
export function renderWithProviders(path: string, { socket = new FakeSocket(), advanceTimers }: RenderOptions = {}) {
  const store = makeStore({ socket: () => socket.asExtractionSocket() });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = render(
    <StrictMode>
      <AppProviders store={store} i18n={createI18n()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, store, router, socket, user };
}
