import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// The first render of a test file compiles every lazy page; on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// A whole page clicked through in jsdom outlasts jest's 5 s on a loaded machine: wait, don't race. (A project's
// `testTimeout` is ignored when the root config runs every project, so it is set here.)
jest.setTimeout(30_000);

// Tests never reach a network: a request no test answered (see fakeApi) fails instead of leaving the machine.
beforeEach(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    throw new Error(`unexpected request: ${(input as Request).method} ${(input as Request).url}`);
  });
});

// jsdom lays nothing out, so it has no scrolling; the app's scroll calls become no-ops.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
