import Fastify from 'fastify';

/** The yardstick: a bare Fastify hello-world on the same machine and Node. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
console.log('ready');
