// ESLint rule: the web app's layers import in one direction (shared -> features -> app), features never
// import each other, and the shared package never imports the apps. Import paths are resolved by hand
// (relative to the importing file), so no resolver package is needed and no import is silently skipped.
import path from 'node:path';

const WEB_SRC = 'apps/web/src/';

/** Which layer a repository-relative path belongs to: 'feature:<name>', 'app', 'lib', 'components', 'shared', 'apps'. */
function layerOf(relative) {
  if (relative.startsWith('packages/shared/')) return 'shared';
  if (!relative.startsWith(WEB_SRC)) return relative.startsWith('apps/') ? 'apps' : null;
  const [top, name] = relative.slice(WEB_SRC.length).split('/');
  if (top === 'features' && name) return `feature:${name}`;
  return top === 'app' || top === 'lib' || top === 'components' ? top : null;
}

function refusal(from, to) {
  if (!from || !to || from === to) return null;
  if (from.startsWith('feature:') && to.startsWith('feature:')) {
    return 'Features do not import each other: move the shared piece to components/ or lib/, or compose in app/.';
  }
  if (from.startsWith('feature:') && to === 'app')
    return 'Features do not import app/: app/ composes features.';
  if ((from === 'lib' || from === 'components') && (to === 'app' || to.startsWith('feature:'))) {
    return `${from}/ is shared by every feature and may not import ${to === 'app' ? 'app/' : 'a feature'}.`;
  }
  if (from === 'shared' && to === 'apps') return 'packages/shared may not import the apps.';
  return null;
}

export default {
  meta: { type: 'problem', schema: [], docs: { description: 'Enforce the import direction between layers' } },
  create(context) {
    const root = context.cwd;
    const fromLayer = layerOf(path.relative(root, context.filename).split(path.sep).join('/'));
    if (!fromLayer) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
      const message = refusal(fromLayer, layerOf(target.split(path.sep).join('/')));
      if (message)
        context.report({ node: node.source, message: `Unexpected import "${source}". ${message}` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
