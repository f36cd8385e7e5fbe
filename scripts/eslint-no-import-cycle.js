import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Import cycles between our own modules, counting `import type` too. eslint-plugin-import's
 * `import/no-cycle` skips type-only imports by design (they vanish at run time), so a type
 * that goes one way and a function the other (db/client.ts ↔ db/maintenance.ts once) passed
 * unseen; such a pair still means the two files cannot be understood or moved apart. Relative
 * specifiers only (the repository has no path aliases), resolved as NodeNext does: `.js` →
 * `.ts`/`.tsx`, or a folder's index.
 */
const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const cache = new Map();

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  for (const ext of extensions) {
    try {
      if (statSync(base + ext).isFile()) return base + ext;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The files a module imports or re-exports (types included), cached by modification time. */
function dependencies(file) {
  const mtime = statSync(file).mtimeMs;
  const hit = cache.get(file);
  if (hit && hit.mtime === mtime) return hit.deps;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const deps = [...new Set(importedFiles.map((f) => resolve(file, f.fileName)).filter(Boolean))];
  cache.set(file, { mtime, deps });
  return deps;
}

/** A path of files from `start` back to `target`, or undefined. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, route] = stack.pop();
    if (file === target) return route;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of dependencies(file)) stack.push([next, [...route, next]]);
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between modules, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}. Move what both need down a level.' },
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolve(file, node.source.value);
      if (!target) return;
      const route = pathBack(target, file);
      if (!route) return;
      const cwd = context.cwd;
      context.report({
        node,
        messageId: 'cycle',
        data: { route: [file, ...route].map((f) => path.relative(cwd, f)).join(' → ') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default { rules: { 'no-import-cycle': rule } };
