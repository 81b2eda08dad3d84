import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at /app/ (one process is the whole product). Hashed assets are cached
 * for a year; any other /app/ path gets index.html, and the client's router takes it from there.
 */
export default async function webAppPlugin(app: FastifyInstance, opts: { root: string }) {
  const indexFile = path.join(opts.root, 'index.html');
  await app.register(fastifyStatic, { root: opts.root, serve: false });

  app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.redirect('/app/'));
  app.get('/app', { config: { access: 'public' } }, (_request, reply) => reply.redirect('/app/'));

  app.get('/app/*', { config: { access: 'public' } }, (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const file = path.normalize(path.join(opts.root, rel));
    if (rel && file.startsWith(opts.root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = rel.startsWith('assets/');
      return reply
        .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(rel);
    }
    if (rel.startsWith('assets/')) return reply.status(404).type('text/plain').send('Not found');
    if (!fs.existsSync(indexFile)) {
      return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
