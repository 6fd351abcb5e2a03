// The baseline for the reads benchmark: Fastify answering a constant JSON body, in its own process as
// the API runs. The ceiling any route of the framework can reach on this machine, measured in the same run.
//
// With BENCH_SAME_BYTES (a directory holding list.json and list.json.gz, OnAir's content list as it
// answered), it also sends those bytes as constant buffers with the list's content headers: what the
// framework alone pays for an answer of the list's size, so the bench can tell the cost of the bytes
// (the kernel's copy and the loopback) from the cost of OnAir's own code around them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const sameBytes = process.env.BENCH_SAME_BYTES;
if (sameBytes) {
  const plain = readFileSync(path.join(sameBytes, 'list.json'));
  const gzip = readFileSync(path.join(sameBytes, 'list.json.gz'));
  const json = 'application/json; charset=utf-8';
  app.get('/same-bytes', async (_request, reply) => reply.header('vary', 'Accept-Encoding').type(json).send(plain));
  app.get('/same-bytes/gzip', async (_request, reply) => reply.header('content-encoding', 'gzip').header('vary', 'Accept-Encoding').type(json).send(gzip));
}

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${new URL(address).port}`);
// A clean exit on the bench's SIGTERM, so that node's --cpu-prof (BENCH_PROFILE_DIR) writes its profile.
process.on('SIGTERM', () => process.exit(0));
