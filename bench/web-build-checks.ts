/**
 * Budgets of QUALITY.md read from the build itself (Vite's manifest, apps/web/dist/.vite/manifest.json):
 * every route page is a lazy chunk (a dynamic entry, outside the entry's static imports), and the
 * largest JavaScript chunk, gzipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BuildFigures {
  /** Route pages (src/features/<f>/routes/*-page.tsx and src/app/pages/*-page.tsx) in the build. */
  routePages: number;
  /** Route pages that are not lazy: not a dynamic entry, or statically imported by the entry. */
  eagerPages: string[];
  largestChunk: { file: string; gzipBytes: number };
}

const ROUTE_PAGE = /^src\/(features\/[^/]+\/routes|app\/pages)\/[^/]+-page\.tsx$/;

export function readBuildFigures(webDist: string): BuildFigures {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  const eagerKeys = new Set<string>();
  const walk = (key: string) => {
    if (eagerKeys.has(key)) return;
    eagerKeys.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next);
  };
  for (const [key] of entries) walk(key);

  const pages = Object.entries(manifest).filter(([key]) => ROUTE_PAGE.test(key));
  const eagerPages = pages.filter(([key, c]) => !c.isDynamicEntry || eagerKeys.has(key)).map(([key]) => key);

  const assets = path.join(webDist, 'assets');
  let largestChunk = { file: '', gzipBytes: 0 };
  for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const gzipBytes = gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
    if (gzipBytes > largestChunk.gzipBytes) largestChunk = { file, gzipBytes };
  }
  return { routePages: pages.length, eagerPages, largestChunk };
}
