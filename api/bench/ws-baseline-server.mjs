// The floor for the realtime benchmark: a bare `ws` server that sends every text it receives to every
// connected client. No rooms, no acks, no persistence: what any broadcast layer sits on. The bench
// sends it the same Socket.IO-framed text the other servers deliver, so the bytes per delivery match.
//
// Clients that open at /socket.io/ (the bench's native listeners, listeners/sio-listeners.c) get just
// enough of the Engine.IO and Socket.IO handshake to believe they joined a room: an open packet, the
// namespace's answer and an acknowledgement of their join event. What they send is never broadcast.
import { WebSocketServer } from 'ws';

const OPEN = '0{"sid":"bare","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}';
/** A Socket.IO event with an acknowledgement id: `42<id>[...]`. */
const EVENT_WITH_ACK = /^42(\d+)\[/;

const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0), perMessageDeflate: false });
wss.on('listening', () => console.log(`listening ${wss.address().port}`));
wss.on('connection', (socket, request) => {
  if (request.url?.startsWith('/socket.io/')) {
    socket.send(OPEN);
    socket.on('message', (data) => {
      const text = String(data);
      if (text === '40') socket.send('40{"sid":"bare"}');
      const ack = EVENT_WITH_ACK.exec(text);
      if (ack) socket.send(`43${ack[1]}[]`);
    });
    return;
  }
  socket.on('message', (data, isBinary) => {
    for (const client of wss.clients) client.send(data, { binary: isBinary });
  });
});
// A clean exit on the bench's SIGTERM, so that node's --cpu-prof (BENCH_PROFILE_DIR) writes its profile.
process.on('SIGTERM', () => process.exit(0));
