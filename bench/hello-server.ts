import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

/** The yardstick: a bare Fastify hello-world on the same machine and Node. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

/**
 * The second yardstick: `n` incompressible bytes sent as a brotli page, made once per size —
 * what a page of that compressed size costs with no work at all but sending it.
 */
const buffers = new Map<number, Buffer>();
app.get<{ Querystring: { n?: string } }>('/bytes', async (request, reply) => {
  const size = Math.min(Number(request.query.n ?? 0) || 0, 1_000_000);
  let body = buffers.get(size);
  if (!body) buffers.set(size, (body = randomBytes(size)));
  return reply
    .type('text/html; charset=utf-8')
    .header('content-encoding', 'br')
    .header('cache-control', 'no-cache')
    .send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
console.log('ready');
