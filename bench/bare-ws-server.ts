/**
 * The baseline of bench/socket-fanout.ts: a bare `ws` server that broadcasts one frame to every
 * client when asked over HTTP (POST /broadcast with the frame as the body). No auth, no database,
 * no throttle: what fan-out costs at the least on this machine.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(404).end();
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    for (const ws of wss.clients) ws.send(body);
    res.writeHead(200).end('{}');
  });
});
const wss = new WebSocketServer({ server });
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  console.log(`listening ${typeof a === 'object' && a ? a.port : 0}`);
});
