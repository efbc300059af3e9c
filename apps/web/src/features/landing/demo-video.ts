/**
 * The live-demo button opens an external video (SPEC: landing page). The spec gives no address, so it is a build
 * setting; see docs/decisions/ for the default.
 */
export const DEMO_VIDEO_URL: string =
  (import.meta.env.VITE_DEMO_VIDEO_URL as string | undefined) ?? 'https://www.youtube.com/results?search_query=RTK+GNSS+rover+base+station+survey';
