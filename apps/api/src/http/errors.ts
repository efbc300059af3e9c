import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { describeIssues } from '@smi/contracts';
import { DatabaseUnavailableError } from '@smi/db';
import type { Logger } from '../logger.js';

/** The one error type use-cases throw: a status and the message the user reads. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const badRequest = (message: string) => new AppError(400, message);

export const apiNotFound: RequestHandler = (req, _res, next) => next(new AppError(404, `No such endpoint: ${req.method} ${req.originalUrl.split("?")[0]}`));

// body-parser failures carry a `type`; each gets a clear reply instead of a 500
const PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Malformed JSON body'],
  'entity.too.large': [413, 'Request body is too large'],
  'encoding.unsupported': [415, 'Unsupported body encoding'],
  'charset.unsupported': [415, 'Unsupported body charset'],
  'request.aborted': [400, 'Request aborted'],
  'request.size.invalid': [400, 'Request size did not match Content-Length'],
  'stream.encoding.set': [400, 'Invalid request stream'],
  'parameters.too.many': [413, 'Too many parameters'],
};

export function errorMiddleware(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let status = 500;
    let message = 'Internal server error';
    if (err instanceof AppError) {
      status = err.status;
      message = err.message;
    } else if (err instanceof z.ZodError) {
      status = 400;
      message = describeIssues(err);
    } else if (err instanceof DatabaseUnavailableError) {
      status = 503;
      message = 'The service is temporarily unavailable. Please try again shortly.';
    } else if (err && typeof err === 'object' && 'type' in err && typeof err.type === 'string' && PARSER_ERRORS[err.type]) {
      [status, message] = PARSER_ERRORS[err.type]!;
    } else if (err && typeof err === 'object' && 'status' in err && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
      status = err.status;
      message = err.expose && typeof err.message === 'string' ? err.message : 'Bad request';
    }
    if (status >= 500) log.error({ err, method: req.method, path: req.path }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status === 503) res.set('Retry-After', '5');
    res.status(status).json({ success: false, message });
  };
}
