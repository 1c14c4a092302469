/**
 * The calendar bench's client, in a process of its own as a browser is: a server and a client sharing one
 * event loop slowed a 9 MB answer by tens of ms (fetch of a static 9 MB body: ~70 ms in the server's process,
 * ~16 ms from another). Fetches when told; answers the time, the status and, when asked, the rows' count.
 */
process.on('message', async ({ url, cookie, count }) => {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - start;
  const reply = { status: res.status, ms, bytes: bytes.length };
  if (res.status !== 200) reply.error = bytes.toString('utf8', 0, 200);
  else if (count) reply.rows = JSON.parse(bytes.toString('utf8')).data.length;
  process.send(reply);
});
