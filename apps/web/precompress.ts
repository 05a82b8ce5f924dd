import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESSIBLE = /\.(?:html|js|css|json|svg|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest settings, once:
 * the server sends them as they are to browsers that accept them (docs/decisions.md "Compression").
 * A variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(dir, file));
          const variants = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all(
            (['.br', '.gz'] as const).map((extension, index) => {
              const variant = variants[index]!;
              return variant.length < source.length
                ? writeFile(path.join(dir, file + extension), variant)
                : undefined;
            }),
          );
        }),
      );
    },
  };
}
