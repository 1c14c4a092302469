/**
 * The calendar bench's client, in a process of its own as a browser is (a server and its client sharing one event
 * loop slowed a 9 MB answer by tens of ms). Reads the whole body as it arrives and counts its bytes, as a load
 * tool does (autocannon too): fetch's arrayBuffer() copied the 9 MB twice more into fresh memory, ~60 ms of the
 * client's own CPU on this machine, which is not the server's time. Keeps the body only when asked to count the rows.
 */
import http from 'node:http';
import { createBrotliDecompress, createGunzip } from 'node:zlib';

const agent = new http.Agent({ keepAlive: true });

/** ENCODING=br or gzip: asks for it, as a browser does, and decompresses as the body arrives (as a browser does). */
const encoding = process.env.ENCODING === 'br' || process.env.ENCODING === 'gzip' ? process.env.ENCODING : null;

process.on('message', ({ url, cookie, count }) => {
  const start = performance.now();
  const headers = encoding ? { cookie, 'accept-encoding': encoding } : { cookie };
  const req = http.get(url, { agent, headers }, (res) => {
    const keep = count || res.statusCode !== 200;
    const chunks = [];
    let bytes = 0;
    let wire = 0;
    const coding = res.headers['content-encoding'];
    res.on('data', (chunk) => {
      wire += chunk.length;
    });
    const body = coding === 'br' ? res.pipe(createBrotliDecompress()) : coding === 'gzip' ? res.pipe(createGunzip()) : res;
    body.on('data', (chunk) => {
      bytes += chunk.length;
      if (keep) chunks.push(chunk);
    });
    body.on('end', () => {
      const ms = performance.now() - start;
      const reply = { status: res.statusCode, ms, bytes, wire, coding };
      if (res.statusCode !== 200) reply.error = Buffer.concat(chunks).toString('utf8', 0, 200);
      else if (count) reply.rows = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.length;
      process.send(reply);
    });
  });
  req.on('error', (err) => process.send({ status: 0, ms: performance.now() - start, bytes: 0, error: err.message }));
});
process.on('disconnect', () => agent.destroy());
