import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AppError, parseRequest } from '../kernel/errors.js';
import {
  errorAnswer,
  retryAfterOf,
  serverErrorMessage,
  unavailableMessage,
} from './error-answer.js';

describe('errorAnswer', () => {
  it('answers a thrown AppError with its status and message', () => {
    expect(errorAnswer(new AppError(409, 'Sorry, 10:00 has just been booked.'))).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Sorry, 10:00 has just been booked.',
    });
  });

  it('names each field of a request that broke its schema, for the form to show beside it', () => {
    const schema = z.object({
      rules: z.object({ capacity: z.number().check(z.gte(1, 'too few')) }),
    });
    let thrown: unknown;
    try {
      parseRequest(schema, { rules: { capacity: 0 } }, 'booking rules');
    } catch (error) {
      thrown = error;
    }
    expect(errorAnswer(thrown)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid booking rules: rules.capacity: too few',
      issues: [{ path: 'rules.capacity', message: 'too few' }],
    });
  });

  it('keeps the status and message of a refusal Fastify or a plugin throws', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(errorAnswer(tooLarge)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });

  it('answers an unknown error with 500 and a generic message, never its details', () => {
    for (const thrown of [
      new Error('connect ECONNREFUSED 127.0.0.1:5432'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a thrown string',
      undefined,
      null,
      { statusCode: 'not a number', message: 'SELECT * FROM secrets' },
    ]) {
      expect(errorAnswer(thrown)).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: serverErrorMessage,
      });
    }
  });

  it('hides the message of a server error that carries its own 5xx status', () => {
    const unavailable = Object.assign(new Error('pool exhausted'), { statusCode: 503 });
    expect(errorAnswer(unavailable)).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: serverErrorMessage,
    });
  });
});

describe('errorAnswer for a database that cannot answer now', () => {
  it('answers 503 with a retry time for time-outs, lost connections and a locked SQLite file', () => {
    const cases = [
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Connection terminated unexpectedly'),
      // As the SQLite driver throws it.
      Object.assign(new Error('database is locked'), {
        code: 'ERR_SQLITE_ERROR',
        errcode: 5,
        sqliteCodeName: 'SQLITE_BUSY',
      }),
    ];
    for (const error of cases) {
      expect(errorAnswer(error)).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: unavailableMessage,
      });
      expect(retryAfterOf(error)).toBeGreaterThan(0);
    }
  });

  it('keeps a constraint violation or a bug a 500 without a retry time', () => {
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(errorAnswer(unique).statusCode).toBe(500);
    expect(retryAfterOf(unique)).toBeUndefined();
    expect(retryAfterOf(new TypeError('x is undefined'))).toBeUndefined();
  });
});
