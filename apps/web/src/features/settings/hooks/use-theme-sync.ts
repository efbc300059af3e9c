import { useEffect } from 'react';
import { useUserSettings } from '../../../lib/user-settings';
import { applyTheme, restoreTheme } from '../theme';

// the last visit's theme, before any settings arrive (this module loads with the router)
if (typeof document !== 'undefined') restoreTheme();

/** Keeps the page's theme in step with the saved setting once it has loaded. */
export function useThemeSync() {
  const theme = useUserSettings().data?.map.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}
