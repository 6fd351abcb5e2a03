// The baseline for the realtime benchmark: a bare `ws` server that sends every message it receives to
// every connected client. No rooms, no acks, no persistence: the floor any broadcast layer sits on.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
wss.on('listening', () => console.log(`listening ${wss.address().port}`));
wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    for (const client of wss.clients) client.send(data);
  });
});
