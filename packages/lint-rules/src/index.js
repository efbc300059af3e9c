/**
 * The repository's own lint rules (eslint.config.js turns them on):
 * - feature-boundaries: a web feature (features/<f>/...) never imports another feature; what two features share
 *   lives in lib/ or components/, and app/ composes features.
 * - no-import-cycles: no module reaches itself through its value imports (relative ones and the @smi packages).
 * - no-silent-catch: a `.catch` handler that does nothing says on its line, or the line above, why the error may be
 *   ignored.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const CANDIDATES = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js'];

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names, as TypeScript's bundler/node16 resolution finds it (./x.js is ./x.ts). */
export function resolveRelative(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  const stems = [base];
  if (/\.(m?js|jsx)$/.test(base)) stems.unshift(base.replace(/\.(m?js|jsx)$/, ''));
  for (const stem of stems) for (const ext of CANDIDATES) if (isFile(stem + ext)) return stem + ext;
  return null;
}

/** The workspace package folder of an @smi/<name> specifier, and the file its exports map names. */
const packageCache = new Map();
function resolvePackage(root, spec) {
  const m = /^(@smi\/[^/]+)(\/.*)?$/.exec(spec);
  if (!m) return null;
  const key = `${root}\0${spec}`;
  if (packageCache.has(key)) return packageCache.get(key);
  let out = null;
  for (const dir of ['packages', 'apps']) {
    const folder = join(root, dir, m[1].slice(5));
    const pkgFile = join(folder, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    if (pkg.name !== m[1]) continue;
    const sub = `.${m[2] ?? ''}`;
    const target = typeof pkg.exports === 'string' ? (sub === '.' ? pkg.exports : null) : pkg.exports?.[sub];
    const path = typeof target === 'string' ? target : target?.import ?? target?.default;
    if (typeof path === 'string' && isFile(join(folder, path))) out = join(folder, path);
  }
  packageCache.set(key, out);
  return out;
}

function resolveSpec(root, fromFile, spec) {
  if (spec.startsWith('.')) return resolveRelative(fromFile, spec);
  if (spec.startsWith('@smi/')) return resolvePackage(root, spec);
  return null;
}

// value imports and re-exports of a file read without parsing it: `import type` / `export type` cannot form a cycle
// at run time, dynamic import() waits for the cycle to settle, so both are left out
const IMPORT_RE = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const edgeCache = new Map();
function importsOf(root, file) {
  if (edgeCache.has(file)) return edgeCache.get(file);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // a file deleted while lint runs has no imports
  }
  const out = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    // an `import { type A, type B }` brings in nothing at run time
    if (/^\s*import\s*\{([^}]*)\}/.test(m[0]) && m[0].match(/\{([^}]*)\}/)[1].split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    const target = resolveSpec(root, file, m[1]);
    if (target) out.push(target);
  }
  edgeCache.set(file, out);
  return out;
}

/** A path from `start` back to `goal` through value imports, or null. */
function cycleThrough(root, start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, path] = stack.pop();
    if (file === goal) return path;
    if (seen.has(file) || file.includes(`${sep}node_modules${sep}`)) continue;
    seen.add(file);
    for (const next of importsOf(root, file)) if (!seen.has(next)) stack.push([next, [...path, next]]);
  }
  return null;
}

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));

const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'A module must not reach itself through its value imports.' },
    messages: { cycle: 'Import cycle: {{path}}. Move what both need into a module of its own.' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string' || typeOnly(node)) return;
      const target = resolveSpec(root, file, node.source.value);
      if (!target || target === file) return;
      const path = cycleThrough(root, target, file);
      if (path) context.report({ node, messageId: 'cycle', data: { path: [file, ...path].map((p) => relative(root, p)).join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature never imports another feature.' },
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}}: a feature stands alone. Move what both use to lib/ or components/, or compose them in app/.',
    },
    schema: [{ type: 'object', properties: { featuresDir: { type: 'string' } }, required: ['featuresDir'], additionalProperties: false }],
  },
  create(context) {
    const features = resolve(context.cwd, context.options[0].featuresDir) + sep;
    const file = context.filename;
    if (!file.startsWith(features)) return {};
    const own = file.slice(features.length).split(sep)[0];
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(features)) return;
      const other = target.slice(features.length).split(sep)[0];
      if (other && other !== own) context.report({ node, messageId: 'crossFeature', data: { from: own, to: other } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** A handler that does nothing: `() => {}`, `function () {}`, `() => undefined`, `() => void 0`. */
function doesNothing(fn) {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return false;
  const body = fn.body;
  if (body.type === 'BlockStatement') return body.body.length === 0;
  if (body.type === 'Identifier' && body.name === 'undefined') return true;
  return body.type === 'UnaryExpression' && body.operator === 'void' && body.argument.type === 'Literal';
}

const noSilentCatch = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A .catch that ignores the error says why on its line or the line above.' },
    messages: { silent: 'This .catch drops the error: handle it, or say in a comment on this line (or the one above) why it may be ignored.' },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || callee.property.name !== 'catch') return;
        const handler = node.arguments[0];
        if (!handler || !doesNothing(handler)) return;
        const line = handler.loc.start.line;
        const explained = source
          .getAllComments()
          .some((c) => (c.loc.start.line >= line - 1 && c.loc.start.line <= handler.loc.end.line) || (c.range[0] >= handler.range[0] && c.range[1] <= handler.range[1]));
        if (!explained) context.report({ node: handler, messageId: 'silent' });
      },
    };
  },
};

export default {
  meta: { name: '@smi/lint-rules' },
  rules: { 'feature-boundaries': featureBoundaries, 'no-import-cycles': noImportCycles, 'no-silent-catch': noSilentCatch },
};
