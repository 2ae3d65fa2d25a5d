// The words a failed call shows: the server's message when tRPC carried one, the screen's fallback
// otherwise (a network failure, or anything that is not a tRPC error).
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { isUnauthorized, loadFailed, serverMessage } from './errors.ts';

const fromServer = (message: string, httpStatus: number) =>
  TRPCClientError.from({ error: { code: -32001, message, data: { httpStatus, code: 'UNAUTHORIZED' } } });

describe('serverMessage', () => {
  it("shows the server's message, and the fallback for a network failure or a plain error", () => {
    expect(serverMessage(fromServer('Unauthorized: your session has ended', 401), 'Failed to load')).toBe('Unauthorized: your session has ended');
    expect(serverMessage(TRPCClientError.from(new TypeError('Failed to fetch')), 'Failed to load')).toBe('Failed to load');
    expect(serverMessage(new Error('Something internal'), 'Failed to load')).toBe('Failed to load');
    expect(serverMessage('a string', 'Failed to load')).toBe('Failed to load');
  });

  it('says what could not be loaded, with the reason when there is one', () => {
    expect(loadFailed('the evaluation', fromServer('Prototype not found', 404))).toBe('The evaluation could not be loaded. Prototype not found');
    expect(loadFailed('the evaluation', TRPCClientError.from(new TypeError('Failed to fetch')))).toBe('The evaluation could not be loaded.');
  });
});

describe('isUnauthorized', () => {
  it('is a tRPC error with HTTP status 401, nothing else', () => {
    expect(isUnauthorized(fromServer('Unauthorized', 401))).toBe(true);
    expect(isUnauthorized(fromServer('Forbidden', 403))).toBe(false);
    expect(isUnauthorized(Object.assign(new Error('Unauthorized'), { data: { httpStatus: 401 } }))).toBe(false);
  });
});
