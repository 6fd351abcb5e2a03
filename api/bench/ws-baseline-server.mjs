// The floor for the realtime benchmark: a bare `ws` server that sends every text it receives to every
// connected client. No rooms, no acks, no persistence: what any broadcast layer sits on. The bench
// sends it the same Socket.IO-framed text the other servers deliver, so the bytes per delivery match.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0), perMessageDeflate: false });
wss.on('listening', () => console.log(`listening ${wss.address().port}`));
wss.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => {
    for (const client of wss.clients) client.send(data, { binary: isBinary });
  });
});
// A clean exit on the bench's SIGTERM, so that node's --cpu-prof (BENCH_PROFILE_DIR) writes its profile.
process.on('SIGTERM', () => process.exit(0));
