import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds the database files, the generated JWT secret and mailed codes: no other local user may
 * read or write them. From here on the process creates files 0600 and folders 0700 (umask 077: PGlite and the
 * outbox write with the process umask), the folder is created 0700, and an existing one is tightened: every
 * folder 0700 and file 0600 below it (symbolic links are left alone). Answers how many entries were tightened,
 * for the caller's log line.
 */
export function secureDataDir(dir: string): number {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const walk = (path: string) => {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== want && (st.mode & 0o077) !== 0) {
      chmodSync(path, (st.mode & 0o700) | (st.isDirectory() ? 0o700 : 0));
      tightened++;
    }
    if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return tightened;
}
