import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import '@fontsource-variable/inter';
import '@fontsource-variable/cinzel';
import './styles/global.css';
import './styles/layout.css';
import './styles/pages.css';
import { registerNavigator } from './app/navigation';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { credentialsReceived, sessionEnded } from './features/auth/authSlice';
import { parseStoredUser, readToken, TOKEN_KEY, USER_KEY } from './features/auth/session';

const store = createAppStore(window.localStorage);
const router = createAppRouter();
registerNavigator(router);

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
