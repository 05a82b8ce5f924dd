// ESLint rule: the server's parts import in one direction. A module uses another only through its face
// (modules/<name>/index.ts); db/, lib/, core/ and plugins/ import no module; and no import closes a cycle,
// between files or between modules. Tests may reach a module's internals to build their fixtures.
// Imports are resolved by hand, relative to the importing file, so none is silently skipped.
import fs from 'node:fs';
import path from 'node:path';

const SERVER_SRC = 'apps/server/src/';
const SCHEMA = `${SERVER_SRC}db/schema/`;
// Type-only imports are erased from the build, so they cannot form a cycle at run time.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?!type\s)[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

const isTest = (relative) => relative.endsWith('.test.ts') || relative.startsWith(`${SERVER_SRC}test/`);

/** Which part a repository-relative path belongs to: 'module:<name>', 'core', 'lib', 'db', 'plugins' or 'root'. */
function partOf(relative) {
  if (!relative.startsWith(SERVER_SRC)) return null;
  const [top, name, rest] = relative.slice(SERVER_SRC.length).split('/');
  if (top === 'modules' && name && rest !== undefined) return `module:${name}`;
  if (['core', 'lib', 'db', 'plugins'].includes(top) && name) return top;
  return 'root';
}

function resolveImport(fromFile, source) {
  const base = path.resolve(path.dirname(fromFile), source);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base.endsWith('.ts') ? base : `${base}.ts`;
}

function importsIn(file, text) {
  const found = [];
  for (const match of text.matchAll(IMPORT)) found.push(resolveImport(file, match[1] ?? match[2]));
  return found;
}

/** The server's production files and what each imports, read once per lint run. */
let graphCache = null;
function serverGraph(root) {
  if (graphCache?.root === root) return graphCache.graph;
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const relative = path.relative(root, full).split(path.sep).join('/');
        if (!isTest(relative)) graph.set(full, importsIn(full, fs.readFileSync(full, 'utf8')));
      }
    }
  };
  const src = path.join(root, SERVER_SRC);
  if (fs.existsSync(src)) walk(src);
  graphCache = { root, graph };
  return graph;
}

/** A path from `start` back to `goal` over `edgesOf`, or null. */
function pathBetween(start, goal, edgesOf) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const route = [];
      for (let step = node; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of edgesOf(node)) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

function refusal(fromPart, toPart, targetRelative) {
  if (!fromPart || !toPart || fromPart === toPart || !toPart.startsWith('module:')) return null;
  const name = toPart.slice('module:'.length);
  if (['db', 'lib', 'core', 'plugins'].includes(fromPart)) {
    return `${fromPart}/ imports no module: move what it needs out of modules/${name} into core/ or lib/.`;
  }
  if (targetRelative !== `${SERVER_SRC}modules/${name}/index.ts`) {
    return `A module is used only through its face: import "modules/${name}" and export what is needed from modules/${name}/index.ts.`;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: "Enforce the server's module faces and layers" },
  },
  create(context) {
    const root = context.cwd;
    const relativeOf = (file) => path.relative(root, file).split(path.sep).join('/');
    const file = context.filename;
    const fromRelative = relativeOf(file);
    const fromPart = partOf(fromRelative);
    if (!fromPart || isTest(fromRelative)) return {};
    const graph = serverGraph(root);
    // The file as it is being linted, not as it is on disk.
    const edges = (node) =>
      node === file ? importsIn(file, context.sourceCode.text) : (graph.get(node) ?? []);
    const partEdges = (part) => {
      const parts = new Set();
      for (const [node, targets] of graph) {
        if (node === file || partOf(relativeOf(node)) !== part) continue;
        for (const target of targets) parts.add(partOf(relativeOf(target)));
      }
      if (fromPart === part) for (const target of edges(file)) parts.add(partOf(relativeOf(target)));
      parts.delete(part);
      return [...parts].filter((each) => each?.startsWith('module:'));
    };

    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveImport(file, source);
      const targetRelative = relativeOf(target);
      const toPart = partOf(targetRelative);
      const report = (message) =>
        context.report({ node: node.source, message: `Unexpected import "${source}". ${message}` });
      const refused = refusal(fromPart, toPart, targetRelative);
      if (refused) return report(refused);
      // The schema's tables reference each other's keys through callbacks that run after every file has
      // loaded, so its files may import each other; nothing else may.
      if (node.importKind === 'type' || node.exportKind === 'type' || fromRelative.startsWith(SCHEMA)) return;
      const fileCycle = pathBetween(target, file, edges);
      if (fileCycle) {
        return report(`It closes an import cycle: ${[file, ...fileCycle].map(relativeOf).join(' -> ')}.`);
      }
      if (fromPart.startsWith('module:') && toPart?.startsWith('module:') && toPart !== fromPart) {
        const moduleCycle = pathBetween(toPart, fromPart, partEdges);
        if (moduleCycle) {
          report(`It closes a cycle between modules: ${[fromPart, ...moduleCycle].join(' -> ')}.`);
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
