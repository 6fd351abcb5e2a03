// The Socket.IO baseline for the realtime benchmark: vanilla Socket.IO 4 with connection-state
// recovery on (as OnAir runs it), rooms and acknowledgements, and nothing else: no session, no
// database, no rate limits, no rewards. `join` puts a socket in a room; `chat:send` broadcasts the
// message object it is given to the room unchanged, so the bench sends OnAir's own delivered message
// shape and every server writes the same bytes.
//
// With REDIS_URL (and BASELINE_PREFIX) it runs on the Redis streams adapter, and BASELINE_PROCESSES=N
// runs N cluster workers sharing the port, WebSocket only: as `npm start` runs OnAir on several cores,
// so that the cluster ramp has a baseline of the same shape.
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const processes = Number(process.env.BASELINE_PROCESSES ?? 1);

if (processes > 1 && cluster.isPrimary) {
  // Workers that listen on the same port number (0 included) share the primary's one listening socket.
  const ports = [];
  for (let i = 0; i < processes; i++) {
    cluster.fork().on('message', (message) => {
      if (message?.listening === undefined) return;
      ports.push(message.listening);
      if (ports.length === processes) console.log(`listening ${ports[0]}`);
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const adapter = process.env.REDIS_URL ? await redisAdapter() : undefined;
  const http = createServer();
  const io = new Server(http, {
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000 },
    ...(adapter ? { adapter, transports: ['websocket'] } : {}),
  });
  io.on('connection', (socket) => {
    socket.on('join', (room, ack) => {
      socket.join(String(room));
      if (typeof ack === 'function') ack({ ok: true });
    });
    socket.on('chat:send', (payload, ack) => {
      io.to(String(payload.room)).emit('chat:message', payload.message);
      if (typeof ack === 'function') ack({ ok: true });
    });
  });
  http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    if (cluster.isWorker) process.send({ listening: http.address().port });
    else console.log(`listening ${http.address().port}`);
  });
  // A clean exit on the bench's SIGTERM, so that node's --cpu-prof (BENCH_PROFILE_DIR) writes its profile.
  process.on('SIGTERM', () => process.exit(0));
}

async function redisAdapter() {
  const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-streams-adapter')]);
  const prefix = process.env.BASELINE_PREFIX ?? 'bench-baseline:';
  return createAdapter(new Redis(process.env.REDIS_URL), {
    streamName: `${prefix}socket.io`,
    channelPrefix: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}sio:session:`,
  });
}
