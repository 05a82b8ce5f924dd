import { ErrorCode, httpStatusOf, type FieldError } from '@dealer-hr/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, serviceUnavailable } from '../lib/errors';
import { isUnavailable } from '../lib/unavailable';

const bodyErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求体类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度不正确',
};

/** Field path of a zod issue as the client's form knows it: `items.0.name`, or the part of the request. */
function fieldOf(instancePath: string, context: string): string {
  const trimmed = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return trimmed || context;
}

/**
 * The one place that turns failures into the contract's envelope. Expected failures keep their message;
 * anything unexpected is logged with its request id and answered with a generic 500.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((thrown: Error & { code?: unknown }, request, reply) => {
      let error = thrown;
      if (!(error instanceof AppError) && isUnavailable(error)) {
        request.log.warn({ err: error }, 'a shared store is unavailable');
        error = serviceUnavailable(error);
      }
      if (error instanceof AppError) {
        return (
          reply
            .status(httpStatusOf[error.code])
            // 10008 travels with HTTP 200: keep the route's success schema from serializing it. A custom
            // serializer leaves the content type unset, so say it.
            .type('application/json; charset=utf-8')
            .serializer(JSON.stringify)
            .send({ code: error.code, message: error.message, data: error.data })
        );
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldError[] = error.validation.map((issue) => ({
          field: fieldOf(issue.instancePath, error.validationContext ?? 'body'),
          message: issue.message ?? '参数格式不正确',
        }));
        return reply.status(422).send({
          code: ErrorCode.VALIDATION,
          message: errors[0]?.message ?? '参数校验失败',
          data: { errors },
        });
      }
      const bodyMessage = typeof error.code === 'string' ? bodyErrors[error.code] : undefined;
      if (bodyMessage) {
        return reply.status(422).send({
          code: ErrorCode.VALIDATION,
          message: bodyMessage,
          data: { errors: [{ field: 'body', message: bodyMessage }] },
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      } else {
        request.log.error({ err: error }, 'unhandled error');
      }
      return reply
        .status(500)
        .send({ code: ErrorCode.INTERNAL, message: '服务器内部错误，请稍后再试', data: null });
    });
  },
  { name: 'error-handler' },
);
