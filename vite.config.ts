import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (server/main.ts) listens on 8080 in development; Vite proxies to it so the
// SPA and the API share one origin, exactly as in production where the server serves dist/.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * Rewrites `import { Button } from '@mantine/core'` in src/ into imports of each component's
 * own module (what Next.js's optimizePackageImports does). Mantine's barrel file imports
 * react-remove-scroll, whose side-effectful sidecar then rode along with every screen, and
 * the bundler places modules by what can reach them: through the barrel, every component
 * reaches everything. Build only; names the barrel does not map stay on the barrel.
 */
function mantineDirectImports(): Plugin {
  const root = path.dirname(fileURLToPath(import.meta.url));
  const barrels = new Map<string, Map<string, { file: string; name: string }>>();
  for (const pkg of ['@mantine/core', '@mantine/hooks']) {
    const index = path.join(root, 'node_modules', pkg, 'esm/index.mjs');
    const source = readFileSync(index, 'utf8');
    const local = new Map<string, { file: string; name: string }>();
    for (const m of source.matchAll(/^import \{([^}]+)\} from "(\.[^"]+)";$/gm)) {
      for (const spec of m[1]!.split(',')) {
        const [imported, as = imported] = spec.trim().split(/\s+as\s+/) as [string, string?];
        local.set(as!, { file: path.join(path.dirname(index), m[2]!), name: imported });
      }
    }
    const exported = new Map<string, { file: string; name: string }>();
    for (const m of source.matchAll(/^export \{([^}]+)\};$/gm)) {
      for (const spec of m[1]!.split(',')) {
        const [name, as = name] = spec.trim().split(/\s+as\s+/) as [string, string?];
        const target = local.get(name);
        if (target) exported.set(as!, target);
      }
    }
    barrels.set(pkg, exported);
  }
  return {
    name: 'mantine-direct-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('@mantine/')) return null;
      const out = code.replace(
        /^import \{([^}]+)\} from '(@mantine\/(?:core|hooks))';$/gm,
        (statement, specs: string, pkg: string) => {
          const map = barrels.get(pkg)!;
          const lines: string[] = [];
          const rest: string[] = [];
          for (const raw of specs
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)) {
            if (raw.startsWith('type ')) {
              lines.push(`import type { ${raw.slice(5)} } from '${pkg}';`);
              continue;
            }
            const [name, as = name] = raw.split(/\s+as\s+/) as [string, string?];
            const target = map.get(name);
            if (target)
              lines.push(`import { ${target.name} as ${as} } from ${JSON.stringify(target.file)};`);
            else rest.push(raw);
          }
          if (rest.length > 0) lines.push(`import { ${rest.join(', ')} } from '${pkg}';`);
          return lines.length > 0 ? lines.join(' ') : statement;
        },
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [mantineDirectImports(), react()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (bench/bundle.bench.ts).
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
