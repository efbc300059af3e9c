import { Suspense } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from './layout/error-boundary';
import { Splash } from './layout/splash';
import { useForgetLogout } from '../features/auth/hooks/use-forget-logout';
import { paths, patterns } from '../lib/paths';
import { lazyNamed as lazyPage } from '../lib/lazy-named';

// every screen is its own chunk (docs/decisions/012): the landing page loads none of the signed-in code
const LandingPage = lazyPage(() => import('./routes/landing'), 'LandingPage');
const LoginPage = lazyPage(() => import('./routes/login'), 'LoginPage');
const EmailVerifyPage = lazyPage(() => import('./routes/email-verify'), 'EmailVerifyPage');
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password'), 'ResetPasswordPage');
const ProtectedShell = lazyPage(() => import('./layout/protected-shell'), 'ProtectedShell');
const DashboardPage = lazyPage(() => import('./routes/dashboard'), 'DashboardPage');
const DevicesPage = lazyPage(() => import('./routes/devices'), 'DevicesPage');
const DeviceDetailPage = lazyPage(() => import('./routes/device-detail'), 'DeviceDetailPage');
const RegisterDevicePage = lazyPage(() => import('./routes/register-device'), 'RegisterDevicePage');
const NotificationsPage = lazyPage(() => import('./routes/notifications'), 'NotificationsPage');
const NotFoundPage = lazyPage(() => import('./routes/not-found'), 'NotFoundPage');
const ProjectsPage = lazyPage(() => import('./routes/projects'), 'ProjectsPage');
const NewProjectPage = lazyPage(() => import('./routes/new-project'), 'NewProjectPage');
const ProjectDetailPage = lazyPage(() => import('./routes/project-detail'), 'ProjectDetailPage');
const PointSurveyPage = lazyPage(() => import('./routes/point-survey'), 'PointSurveyPage');
const TakenPointsPage = lazyPage(() => import('./routes/taken-points'), 'TakenPointsPage');
const SettingsPage = lazyPage(() => import('./routes/settings'), 'SettingsPage');

function Root() {
  const { pathname } = useLocation();
  useForgetLogout();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Splash label="Loading" />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Protected screens: checked by the guard, drawn inside the shell (which shows its own loading state per screen). */
export const shellRoutes: RouteObject[] = [
  { path: paths.dashboard, element: <DashboardPage /> },
  { path: paths.devices, element: <DevicesPage /> },
  { path: patterns.registerDevice, element: <RegisterDevicePage /> },
  { path: patterns.device, element: <DeviceDetailPage /> },
  { path: paths.notifications, element: <NotificationsPage /> },
  { path: paths.projects, element: <ProjectsPage /> },
  { path: patterns.newProject, element: <NewProjectPage /> },
  { path: patterns.project, element: <ProjectDetailPage /> },
  { path: patterns.pointSurvey, element: <PointSurveyPage /> },
  { path: patterns.takenPoints, element: <TakenPointsPage /> },
  { path: paths.settings, element: <SettingsPage /> },
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
      { element: <ProtectedShell />, children: shellRoutes },
    ],
  },
];

/**
 * The app's routes under a plain <BrowserRouter>: no screen uses loaders or actions, and the data router would add
 * about 8 KB (gzip) to what the landing page downloads.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
