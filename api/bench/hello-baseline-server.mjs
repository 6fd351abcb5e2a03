// The baseline for the reads benchmark: Fastify answering a constant JSON body, in its own process as
// the API runs. The ceiling any route of the framework can reach on this machine, measured in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${new URL(address).port}`);
