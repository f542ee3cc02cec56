import { describe, expect, it } from 'vitest';
import { AppError } from '../kernel/errors.js';
import { errorAnswer, serverErrorMessage } from './error-answer.js';

describe('errorAnswer', () => {
  it('answers a thrown AppError with its status and message', () => {
    expect(errorAnswer(new AppError(409, 'Sorry, 10:00 has just been booked.'))).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Sorry, 10:00 has just been booked.',
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
