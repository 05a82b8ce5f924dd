import type { Socket } from 'node:net';
import { ErrorCode } from '@dealer-hr/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Requests refused before any route sees them (an address the router cannot take, headers larger than
// Node's limit) still answer the contract's envelope, as the error handler does for everything after.

const envelopeOf = (message: string, field: string) =>
  JSON.stringify({ code: ErrorCode.VALIDATION, message, data: { errors: [{ field, message }] } });

const urlMessages: Record<string, string> = {
  FST_ERR_BAD_URL: '请求地址格式不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
};

/** Fastify's `frameworkErrors`: the router's refusals, as 422 on `url`. */
export function frameworkErrors(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const message = (error.code && urlMessages[error.code]) ?? undefined;
  if (!message) {
    request.log.error({ err: error }, 'framework error');
    return reply
      .status(500)
      .send({ code: ErrorCode.INTERNAL, message: '服务器内部错误，请稍后再试', data: null });
  }
  return reply.status(422).type('application/json; charset=utf-8').send(envelopeOf(message, 'url'));
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers or address over its size
 * limit, a malformed request line) gets a 422 envelope before the connection closes, instead of Fastify's own
 * body. A reset connection or a timeout is left as Fastify leaves it.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || socket.destroyed) {
    socket.destroy(error);
    return;
  }
  const overflow = error.code === 'HPE_HEADER_OVERFLOW';
  const body = Buffer.from(
    overflow ? envelopeOf('请求头或请求地址过长', 'url') : envelopeOf('请求格式不正确', 'body'),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 422 Unprocessable Entity\r\nContent-Length: ${body.length}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n',
    );
    socket.write(body);
  }
  socket.destroy(error);
}
