import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE } from '@mbo/contracts/usercenter';
import { modulePreloadLink, signedInShellFiles } from './web-app-preload';

/** A year: hashed file names change with their content, so a browser may keep them for good. */
const IMMUTABLE = { maxAge: 365 * 24 * 3600 * 1000, immutable: true };
/** Files that the build precompresses (`<file>.br`, `<file>.gz`) and that vary with Accept-Encoding. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Serves the built web app at /app/ (one process is the whole product), as a production server:
 * - brotli or gzip, precompressed at build (apps/web/vite.config.ts), by the client's Accept-Encoding
 *   (`Vary: Accept-Encoding`); the plain file to a client that takes neither;
 * - hashed assets (/app/assets/) cached for a year, `immutable`; index.html, the SPA fallback and the
 *   other files at the root (favicon) `no-cache`, so a deploy shows at the next load;
 * - source maps are not public: the build keeps them (hidden, for an error-reporting upload) and any
 *   `*.map` answers 404, like dot files (`.vite/manifest.json`);
 * - any other /app/ path gets index.html, and the client's router takes it from there; with the
 *   session hint cookie, it also preloads the signed-in area's shell (web-app-preload.ts).
 */
export default async function webAppPlugin(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, dotfiles: 'ignore' });
  const shellPreload = modulePreloadLink(signedInShellFiles(root));

  const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

  app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.redirect('/app/'));
  app.get('/app', { config: { access: 'public' } }, (_request, reply) => reply.redirect('/app/'));

  app.get('/app/*', { config: { access: 'public' } }, (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    if (rel.endsWith('.map') || rel.split('/').some((part) => part.startsWith('.'))) return notFound(reply);
    const file = path.normalize(path.join(root, rel));
    if (rel && file.startsWith(root + path.sep) && isFile(file)) {
      if (COMPRESSIBLE.test(rel)) reply.header('Vary', 'Accept-Encoding');
      if (rel.startsWith('assets/')) return reply.sendFile(rel, IMMUTABLE);
      return reply.header('Cache-Control', 'no-cache').sendFile(rel, { cacheControl: false });
    }
    if (rel.startsWith('assets/')) return notFound(reply);
    if (!isFile(indexFile)) {
      return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    }
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie');
    if (shellPreload && request.cookies?.[SESSION_HINT_COOKIE]) reply.header('Link', shellPreload);
    return reply.sendFile('index.html', { cacheControl: false });
  });
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}
