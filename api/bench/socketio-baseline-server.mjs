// The Socket.IO baseline for the realtime benchmark: vanilla Socket.IO 4 with connection-state
// recovery on (as OnAir runs it), rooms and acknowledgements, and nothing else: no session, no
// database, no rate limits, no rewards. `join` puts a socket in a room; `chat:send` broadcasts the
// message object it is given to the room unchanged, so the bench sends OnAir's own delivered message
// shape and every server writes the same bytes.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { serveClient: false, connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000 } });
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
http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening ${http.address().port}`));
// A clean exit on the bench's SIGTERM, so that node's --cpu-prof (BENCH_PROFILE_DIR) writes its profile.
process.on('SIGTERM', () => process.exit(0));
