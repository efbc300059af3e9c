import { useEffect } from 'react';
import { useUserSettings } from '../../../lib/user-settings';
import { applyTheme } from '../theme';

/**
 * Keeps the page's theme in step with the saved setting once it has loaded. The signed-in shell calls it, so a
 * theme chosen on another device shows as soon as the app opens here, not only after visiting Settings.
 */
export function useThemeSync() {
  const theme = useUserSettings().data?.map.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}
