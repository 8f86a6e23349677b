// Builds the browser router from the route table (app/routes.ts).
import { Suspense, lazy } from 'react';
import {
  Navigate,
  Outlet,
  createBrowserRouter,
  useLocation,
  useNavigation,
  type RouteObject,
} from 'react-router';
import { SHELL_PATH } from '../../../domain/menus';
import { TopProgress } from '../ui/TopProgress';
import { MenuGuard, RequireSession, ShellIndex, ToShell } from './guards';
import { NavigationBridge } from './NavigationBridge';
import { DETAIL_ROUTES, PUBLIC_PATHS as P, SHELL_ROUTES } from './routes';

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const ForgotPage = lazy(() => import('../features/auth/pages/ForgotPage'));
const ShellPage = lazy(() => import('../features/shell/pages/ShellPage'));
const NotFoundPage = lazy(() => import('../features/shell/pages/NotFoundPage'));
const WeChatPage = lazy(() => import('../features/auth/pages/WeChatPage'));

function RootLayout() {
  const navigation = useNavigation();
  // A new key per top-level section makes React show the fallback (the progress bar) while the
  // next section's lazy page loads, instead of silently keeping the old page during the transition.
  const section = useLocation().pathname.split('/')[1] ?? '';
  return (
    <>
      <NavigationBridge />
      {navigation.state !== 'idle' && <TopProgress />}
      <Suspense key={section} fallback={<TopProgress />}>
        <Outlet />
      </Suspense>
    </>
  );
}

const toNotFound = <Navigate to={P.notFound} replace />;

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to={P.login} replace /> },
      { path: P.login, element: <LoginPage /> },
      { path: P.register, element: <RegisterPage /> },
      { path: P.forgot, element: <ForgotPage /> },
      { path: P.notFound, element: <NotFoundPage /> },
      { path: P.wxChat, element: <WeChatPage kind="chat" /> },
      { path: P.wxScan, element: <WeChatPage kind="scan" /> },
      {
        path: SHELL_PATH,
        element: (
          <RequireSession>
            <ShellPage />
          </RequireSession>
        ),
        children: [
          { index: true, element: <ShellIndex /> },
          ...SHELL_ROUTES.map((r) => ({ path: r.key, element: <MenuGuard route={r} /> })),
          ...DETAIL_ROUTES.map((d) => ({
            path: d.key,
            element: (
              <MenuGuard route={{ ...SHELL_ROUTES.find((r) => r.key === d.menuKey)!, Page: d.Page }} />
            ),
          })),
          { path: '*', element: toNotFound },
        ],
      },
      // Bare child paths (/crm/mycustomer) open the same page inside the shell.
      ...SHELL_ROUTES.map((r) => ({ path: `/${r.key}`, element: <ToShell path={r.path} /> })),
      { path: '*', element: toNotFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
