import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers above 1 kB are compressed, brotli or gzip as the request accepts. What is compressed already
 * passes untouched: Excel files and images by their type, and the web build's files, which are sent
 * pre-compressed (plugins/web.ts) with their Content-Encoding set. Requests are not decompressed: no
 * client of this API sends a compressed body.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
