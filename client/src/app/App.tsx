// The app root: store and i18n providers around the router.
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { i18n } from './i18n';
import { createAppRouter } from './router';
import type { AppStore } from './store';

const router = createAppRouter();

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>
  );
}
