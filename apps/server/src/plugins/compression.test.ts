import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const SCRIPT = `console.log(${JSON.stringify('经销商人事管理系统 '.repeat(200))});`;
const PAGE = '<!doctype html><title>Dealer HR</title><div id="root"></div>';

describe('compression', () => {
  let t: TestApp;
  let dist: string;
  let authorization: string;
  beforeAll(async () => {
    // A web build as the build writes it: each text file with its .br and .gz beside it.
    dist = await mkdtemp(path.join(tmpdir(), 'dealer-hr-web-'));
    await mkdir(path.join(dist, 'assets'));
    for (const [file, text] of [
      ['index.html', PAGE],
      ['assets/index-1a2b3c.js', SCRIPT],
    ] as const) {
      await writeFile(path.join(dist, file), text);
      await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
      await writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
    }
    t = await createTestApp({ WEB_DIST: dist });
    authorization = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('compresses an API answer above 1 kB as the request accepts, brotli first', async () => {
    const plain = await get('/api/auth/menus/tree');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await get('/api/auth/menus/tree', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/auth/menus/tree', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves an answer below 1 kB as it is', async () => {
    const response = await get('/api/health', 'gzip, deflate, br');
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ code: 200 });
  });

  it('compresses the OpenAPI document', async () => {
    const response = await get('/api/docs/json', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('sends an Excel export as it is: the file is zipped already', async () => {
    const response = await get('/api/auth/headcount/export', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('sends the pre-compressed web files: brotli when accepted, else gzip, else the file itself', async () => {
    for (const [url, text] of [
      ['/assets/index-1a2b3c.js', SCRIPT],
      ['/login', PAGE],
      ['/', PAGE],
    ] as const) {
      const brotli = await get(url, 'gzip, deflate, br');
      expect(brotli.statusCode, url).toBe(200);
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(brotli.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString(), url).toBe(text);

      const gzip = await get(url, 'gzip, deflate');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(text);

      const identity = await get(url);
      expect(identity.headers['content-encoding'], url).toBeUndefined();
      expect(identity.body, url).toBe(text);
    }
    const script = await get('/assets/index-1a2b3c.js', 'br');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toContain('immutable');
    const page = await get('/login', 'br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('does not publish the compressed copies as files of their own', async () => {
    const response = await get('/assets/index-1a2b3c.js.br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(PAGE);
  });
});
