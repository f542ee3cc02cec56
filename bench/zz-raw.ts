import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pino from 'pino';
import { securityHeaders } from '../src/server/http/security-headers.js';
const body = randomBytes(11715);
const sec = securityHeaders({ connectOrigins: [], production: true });
const headers = { ...sec, 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'cache-control': 'no-cache', vary: 'accept-encoding', etag: 'W/"8u8GZsXf105L9ii15LG6fN"', 'content-length': String(body.length) };
const flat = Object.entries(headers).flat();
const log = pino({ level: process.env.LL ?? 'info' }, pino.destination({ dest: 1, sync: false, minLength: 4096 }));
const pages = new Map([['se.localhost\n/', body]]);
let n = 0;
http.createServer((req, res) => {
  const started = performance.now();
  const hit = pages.get(`${req.headers.host}\n${req.url}`);
  if (!hit) { res.end('{"hello":"world"}'); return; }
  res.writeHead(200, process.env.FLAT ? flat : headers);
  res.end(hit);
  if (process.env.LOG) log.info({ reqId: `f-${++n}`, method: req.method, url: req.url, statusCode: 200, ms: Math.round((performance.now() - started) * 100) / 100 }, 'answered');
}).listen(3997, '127.0.0.1');
