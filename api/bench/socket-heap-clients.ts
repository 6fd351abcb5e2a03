/**
 * The client side of bench:socket-heap, in its own process so that its sockets do not count in the
 * server's heap: opens `count` light Socket.IO connections to `url`, says "ready", and holds them
 * until told to go.
 */
import { connectMany } from './light-socket.ts';

const [url, count] = process.argv.slice(2);
const sockets = await connectMany(url!, Number(count));
process.send?.('ready');
process.once('message', () => {
  for (const socket of sockets) socket.close();
  process.exit(0);
});
