import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { AppShell } from './layout/app-shell';
import { ErrorBoundary } from './layout/error-boundary';
import { Guard } from './layout/guard';
import { paths } from './paths';
import { LandingPage } from './routes/landing';
import { LoginPage } from './routes/login';
import { EmailVerifyPage } from './routes/email-verify';
import { ResetPasswordPage } from './routes/reset-password';
import { DashboardPage } from './routes/dashboard';
import { NotificationsPage } from './routes/notifications';
import { NotFoundPage } from './routes/not-found';

function Root() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** Protected screens: checked by the guard, drawn inside the shell. Part 2 adds projects and settings here. */
export const shellRoutes: RouteObject[] = [
  { path: paths.dashboard, element: <DashboardPage /> },
  { path: paths.notifications, element: <NotificationsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: paths.landing, element: <LandingPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.emailVerify, element: <EmailVerifyPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      {
        element: (
          <Guard>
            <AppShell />
          </Guard>
        ),
        children: shellRoutes,
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
