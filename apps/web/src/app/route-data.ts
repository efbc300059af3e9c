import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { authQuery, fetchAuthState } from '../features/auth/api/auth-state';
import { pointsQuery } from '../features/points/api/points';
import { projectQuery } from '../features/projects/api/projects';
import { patterns } from '../lib/paths';
import { publicConfigQuery } from '../lib/public-config';
import { settingsQuery } from '../lib/user-settings';

type Warm = (client: QueryClient, params: Record<string, string | undefined>) => void;

/**
 * What a signed-in screen draws first, by route. The screen reads the same queries (same keys), so it finds them
 * answered or on their way instead of asking only once its code has loaded and drawn.
 */
const screens: [pattern: string, warm: Warm][] = [
  [
    patterns.pointSurvey,
    (client, { projectId = '' }) => {
      void client.prefetchQuery(projectQuery(projectId));
      void client.prefetchQuery(pointsQuery(projectId));
      // the tile source: without it the map draws no tiles
      void client.prefetchQuery(publicConfigQuery);
    },
  ],
  [
    patterns.takenPoints,
    (client, { projectId = '' }) => {
      void client.prefetchQuery(pointsQuery(projectId));
      void client.prefetchQuery(projectQuery(projectId));
    },
  ],
  [patterns.project, (client, { projectId = '' }) => void client.prefetchQuery(projectQuery(projectId))],
];

/**
 * Called as the app starts on a signed-in path (a bookmark, a shared link, a reload): checks the session and, for a
 * verified user, asks for the screen's data in parallel with its code. Nothing is asked for anyone else, so a
 * visitor who is not signed in sees no failed calls.
 */
export async function warmRouteData(client: QueryClient, pathname: string): Promise<void> {
  const warmScreen = () => {
    // the shell's theme and every screen's units
    void client.prefetchQuery(settingsQuery);
    for (const [pattern, warm] of screens) {
      const match = matchPath(pattern, pathname);
      if (match) return warm(client, match.params);
    }
  };
  // the guard's own query (same key: it waits for this one); the data is asked for once the session is known to be
  // verified, alongside the user's name rather than after it
  await client.fetchQuery({ ...authQuery, queryFn: () => fetchAuthState(warmScreen) }).catch(() => undefined);
}
