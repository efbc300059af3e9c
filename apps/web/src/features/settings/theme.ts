import type { UserSettings } from '@smi/contracts';
import './dark-theme.css';

type Theme = UserSettings['map']['theme'];
const KEY = 'smi-theme';

/** Dark adds dark mode to the page, Light removes it; remembered so the next visit starts in the right one. */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'Dark');
  document.documentElement.style.colorScheme = theme === 'Dark' ? 'dark' : 'light';
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage may be off (private mode): the theme still applies for this visit
  }
}

/** The theme of the last visit, applied before the settings arrive so the page does not flash light. */
export function restoreTheme(): void {
  try {
    if (localStorage.getItem(KEY) === 'Dark') applyTheme('Dark');
  } catch {
    // nothing remembered
  }
}
