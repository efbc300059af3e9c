import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useDismissErrorsOnNavigate } from '../components/toast-setup';
import { ErrorBoundary } from './layout/error-boundary';
import { Splash } from './layout/splash';
import { useForgetLogout } from '../features/auth/hooks/use-forget-logout';
import { paths, patterns } from '../lib/paths';
import { lazyNamed as lazyPage, type LazyScreen } from '../lib/lazy-named';

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
const StakeoutPage = lazyPage(() => import('./routes/stakeout'), 'StakeoutPage');
const DesignPage = lazyPage(() => import('./routes/design'), 'DesignPage');
const SettingsPage = lazyPage(() => import('./routes/settings'), 'SettingsPage');
const CodeListsPage = lazyPage(() => import('./routes/code-lists'), 'CodeListsPage');
const InvitationPage = lazyPage(() => import('./routes/invitation'), 'InvitationPage');
const MembersPage = lazyPage(() => import('./routes/members'), 'MembersPage');
const AuditPage = lazyPage(() => import('./routes/audit'), 'AuditPage');

function Root() {
  const { pathname } = useLocation();
  useForgetLogout();
  useDismissErrorsOnNavigate();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Splash label="Loading" />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** What a route tells the app's start: the screen code to fetch at once, and whether it needs a signed-in user. */
export interface RouteHandle {
  preload: () => Promise<unknown>;
  signedIn?: boolean;
}

const screen = (path: string, Page: LazyScreen<ComponentType>): RouteObject => ({ path, element: <Page />, handle: { preload: Page.preload } satisfies RouteHandle });

/** Protected screens: checked by the guard, drawn inside the shell (which shows its own loading state per screen). */
export const shellRoutes: RouteObject[] = [
  screen(paths.dashboard, DashboardPage),
  screen(paths.devices, DevicesPage),
  screen(patterns.registerDevice, RegisterDevicePage),
  screen(patterns.device, DeviceDetailPage),
  screen(paths.notifications, NotificationsPage),
  screen(paths.projects, ProjectsPage),
  screen(patterns.newProject, NewProjectPage),
  screen(patterns.project, ProjectDetailPage),
  screen(patterns.pointSurvey, PointSurveyPage),
  screen(patterns.takenPoints, TakenPointsPage),
  screen(patterns.stakeout, StakeoutPage),
  screen(patterns.design, DesignPage),
  screen(paths.codeLists, CodeListsPage),
  screen(paths.members, MembersPage),
  screen(paths.audit, AuditPage),
  screen(paths.settings, SettingsPage),
  screen(patterns.invitation, InvitationPage),
  screen('*', NotFoundPage),
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      screen(paths.landing, LandingPage),
      screen(paths.login, LoginPage),
      screen(paths.emailVerify, EmailVerifyPage),
      screen(paths.resetPassword, ResetPasswordPage),
      { element: <ProtectedShell />, handle: { preload: ProtectedShell.preload, signedIn: true } satisfies RouteHandle, children: shellRoutes },
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

/**
 * The chunks the page at `pathname` draws (the signed-in frame and the screen): `preload()` starts them all at once,
 * while the session is checked, instead of one after the other as React reaches each. `signedIn`: behind the guard.
 */
export function screensFor(pathname: string): { signedIn: boolean; preload: () => void } {
  const handles = (matchRoutes(routes, pathname) ?? []).map((m) => m.route.handle as RouteHandle | undefined);
  return {
    signedIn: handles.some((h) => h?.signedIn),
    // a chunk that fails here is asked for again (and its failure shown) when React draws the screen
    preload: () => handles.forEach((h) => h?.preload().catch(() => undefined)),
  };
}
