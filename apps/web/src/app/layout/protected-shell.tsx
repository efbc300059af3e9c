import { Guard } from './guard';
import { AppShell } from './app-shell';

/** The guard in front of the signed-in frame, loaded as one chunk once a protected path is opened. */
export function ProtectedShell() {
  return (
    <Guard>
      <AppShell />
    </Guard>
  );
}
