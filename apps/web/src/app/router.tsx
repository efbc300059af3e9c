import { createBrowserRouter, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { AppShell } from './layout/app-shell';
import { ErrorBoundary } from './layout/error-boundary';
import { Guard } from './layout/guard';
import { paths, patterns } from '../lib/paths';
import { LandingPage } from './routes/landing';
import { LoginPage } from './routes/login';
import { EmailVerifyPage } from './routes/email-verify';
import { ResetPasswordPage } from './routes/reset-password';
import { DashboardPage } from './routes/dashboard';
import { DevicesPage } from './routes/devices';
import { DeviceDetailPage } from './routes/device-detail';
import { RegisterDevicePage } from './routes/register-device';
import { NotificationsPage } from './routes/notifications';
import { NotFoundPage } from './routes/not-found';
import { ProjectsPage } from './routes/projects';
import { NewProjectPage } from './routes/new-project';
import { ProjectDetailPage } from './routes/project-detail';
import { PointSurveyPage } from './routes/point-survey';
import { TakenPointsPage } from './routes/taken-points';
import { SettingsPage } from './routes/settings';

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
