// The benchmark's baseline: one file, read from disk and streamed on every request, nothing else.
import fs from 'node:fs';
import http from 'node:http';

const [file] = process.argv.slice(2);
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(response);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
