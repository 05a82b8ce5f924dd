// Bundles the server into dist/server.js: workspace sources (the shared package) are inlined, registry
// packages stay external and load from node_modules. Migrations are copied beside the bundle.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const manifest = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@dealer-hr/'));
const sharedManifest = JSON.parse(
  await readFile(new URL('../../packages/shared/package.json', import.meta.url), 'utf8'),
);
external.push(...Object.keys(sharedManifest.dependencies ?? {}));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/db/migrations', { recursive: true });
console.log('server built: dist/server.js');
