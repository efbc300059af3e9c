/**
 * The landing page's live-demo button opens an external video. Its address is a build setting; see docs/decisions/
 * for the default.
 */
export const DEMO_VIDEO_URL: string =
  (import.meta.env.VITE_DEMO_VIDEO_URL as string | undefined) ?? 'https://www.youtube.com/results?search_query=RTK+GNSS+rover+base+station+survey';
