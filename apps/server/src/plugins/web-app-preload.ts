/**
 * What a signed-in visitor's browser will load after index.html: the signed-in area's shell (the
 * layout, the signed-in app and the HTTP client's library, with every chunk they import), read from
 * the build's manifest.
 * Sent as `Link: rel=modulepreload` with index.html to a visitor holding the session hint cookie,
 * the browser fetches them beside the entry instead of after it has run (QUALITY.md: list rows
 * within 1.0 s). A new visitor (no hint) gets no such header: the login page loads alone.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The signed-in area's shell: the layout, the signed-in app and the HTTP client's library (manifest keys end so). */
const SHELL = ['src/app/layout/app-layout.tsx', 'src/app/layout/signed-in-app.tsx', '/node_modules/axios/index.js'];
const ENTRY = 'index.html';

function closure(manifest: Record<string, ManifestChunk>, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  keys.forEach(walk);
  return seen;
}

/** URLs (under /app/) of the shell's JS files that index.html does not load itself; [] without a manifest. */
export function signedInShellFiles(root: string): string[] {
  const file = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entry = closure(manifest, [ENTRY]);
  const shell = Object.keys(manifest).filter((key) => SHELL.some((end) => key.endsWith(end)));
  return [...closure(manifest, shell)].filter((key) => !entry.has(key)).map((key) => `/app/${manifest[key].file}`);
}

/** The Link header value preloading `files` as modules. */
export function modulePreloadLink(files: readonly string[]): string {
  return files.map((f) => `<${f}>; rel=modulepreload`).join(', ');
}
