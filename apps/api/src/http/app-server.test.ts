import type { AddressInfo } from 'node:net';
import { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from './server.js';

describe('the HTTP server of the app', () => {
  const app = express();
  app.set('query parser', 'simple');
  app.get('/echo', (req, res) => {
    res.status(201).json({ query: req.query, accepts: req.accepts('json'), isRequest: req instanceof IncomingMessage, isResponse: res instanceof ServerResponse });
  });
  const server = createAppServer(app);
  const arrived: boolean[] = [];
  // runs before Express sees the request: what the server made, not what Express turned it into
  server.prependListener('request', (req, res) => arrived.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response));
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it("makes requests and responses with the app's prototypes, so Express never swaps them", async () => {
    const res = await fetch(`${url}/echo?a=1`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ query: { a: '1' }, accepts: 'json', isRequest: true, isResponse: true });
    expect(arrived).toEqual([true]);
  });
});
