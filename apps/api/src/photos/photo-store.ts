import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where photo files live (decision 067): the data folder in embedded mode, an S3-compatible bucket in distributed
 * mode. Keys are plain relative paths ('<project>/<photo>/original'); the database row is the index of them.
 */
export interface PhotoStore {
  readonly kind: 'folder' | 's3';
  /** Stores the bytes whole under the key: a reader never sees a half-written file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is already removed. */
  remove(key: string): Promise<void>;
}

/** Files under a folder (DATA_DIR/photos): each written to a temporary name and renamed, so it appears whole. */
export function folderPhotoStore(root: string): PhotoStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // keys are made by the app from ids; a key that climbs out of the folder is a bug, never a file
    if (!path.startsWith(base + sep)) throw new Error(`photo key outside the store: ${key}`);
    return path;
  };
  return {
    kind: 'folder',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temp, body, { mode: 0o600 });
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // the photo's and the project's folders go when they empty; one still holding files stays
      for (let dir = dirname(path); dir !== base && dir.startsWith(base + sep); dir = dirname(dir)) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
      }
    },
  };
}

export const photoStoreRoot = (dataDir: string) => join(dataDir, 'photos');
