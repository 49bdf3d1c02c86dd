import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
// The web fonts load with the app, after the page's first paint (boot.ts); the stylesheets are the entry's.
import '@fontsource-variable/inter';
import '@fontsource-variable/cinzel';
import { commitSignal } from './app/commitSignal';
import { PageErrorBoundary } from './app/PageErrorBoundary';
import { AppRoutes } from './app/router';
import { createAppStore } from './app/store';
import { credentialsReceived, sessionEnded, signedOutState } from './features/auth/authSlice';
import { parseStoredUser, readToken, TOKEN_KEY, USER_KEY } from './features/auth/session';

const store = createAppStore(window.localStorage);

// A restored token is checked once with GET /api/user; a 401 signs the user out. The API code loads
// here only for a returning user: a visitor's landing page does without it.
if (store.getState().auth.token) {
  void import('./features/auth/authApi').then(({ authApi }) =>
    store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false })),
  );
}

// Keep tabs in step: signing in or out in another tab applies here too. Storage is only read
// here; the other tab writes the token first and the user last, so react to those two events.
window.addEventListener('storage', (event) => {
  const { token } = store.getState().auth;
  if ((event.key === TOKEN_KEY || event.key === null) && !readToken(window.localStorage)) {
    if (token) store.dispatch(sessionEnded());
    return;
  }
  if (event.key === USER_KEY && event.newValue) {
    const nextToken = readToken(window.localStorage);
    const user = parseStoredUser(event.newValue);
    if (nextToken && user && nextToken !== token)
      store.dispatch(credentialsReceived({ token: nextToken, user }));
  }
});

const shell = commitSignal();
/** Settles once the app's first render has committed: on a prerendered page, once its shell has hydrated. */
export const appShown = shell.committed;

const container = document.getElementById('root')!;
// Public pages arrive prerendered (web/scripts/prerender.mjs) as a visitor sees them: hydrate them
// with the visitor's state (serverState), after which a signed-in user's own navigation renders.
// Other pages arrive as the empty shell and render from scratch.
const prerendered = container.hasChildNodes();
const app = (
  <StrictMode>
    <Provider
      store={store}
      serverState={prerendered ? { ...store.getState(), auth: signedOutState } : undefined}
    >
      {/* Navigations render at once rather than as transitions: a sign-out leaves the guarded page
          in the same render as the signed-out state (useSignOut). A page whose chunk is loading shows
          its own loading screen meanwhile (lazyPage). */}
      <BrowserRouter useTransitions={false}>
        {/* If the shell itself fails, show the error screen on its own. */}
        <PageErrorBoundary standalone>
          <AppRoutes />
        </PageErrorBoundary>
      </BrowserRouter>
      <shell.Marker />
    </Provider>
  </StrictMode>
);
// Hydration as a transition: React yields to the browser every few milliseconds instead of holding the
// main thread for the whole page, and a click meanwhile hydrates its target first.
export { firstPageShown } from './app/lazyRoute';

if (prerendered) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
