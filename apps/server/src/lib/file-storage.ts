import { createReadStream } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, by the SHA-256 of their content: the same file uploaded twice is stored once.
 * Behind this interface so an S3-compatible store can replace the disk.
 */
export interface FileStorage {
  put(hash: string, bytes: Uint8Array): Promise<void>;
  open(hash: string): Readable;
}

/** `dir/ab/cd/abcdef...`: two levels keep any one directory small. */
export function createDiskStorage(dir: string): FileStorage {
  const pathOf = (hash: string) => join(dir, hash.slice(0, 2), hash.slice(2, 4), hash);
  return {
    async put(hash, bytes) {
      const path = pathOf(hash);
      const exists = await access(path).then(
        () => true,
        () => false,
      );
      if (exists) return;
      await mkdir(join(path, '..'), { recursive: true });
      // Written aside and renamed: a reader never sees half a file, and two writers of one hash agree.
      const temporary = `${path}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    open: (hash) => createReadStream(pathOf(hash)),
  };
}
