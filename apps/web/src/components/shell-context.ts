import { createContext, useContext } from 'react';

/** What the shell lends to pages: the mobile sidebar opener and whether the content has scrolled. */
export interface ShellState {
  openSidebar: () => void;
  scrolled: boolean;
}

export const ShellContext = createContext<ShellState | null>(null);
export const useShell = () => useContext(ShellContext);
