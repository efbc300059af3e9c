import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@smi/contracts';
import { call, personText } from './api-client';

describe("the API's messages as a person reads them", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('drops the field key the validation names first, and keeps every other message as it is', () => {
    expect(personText('password: password is required')).toBe('Password is required');
    expect(personText('email: Invalid email address')).toBe('Invalid email address');
    expect(personText('Invalid email or password')).toBe('Invalid email or password');
    expect(personText('Unknown field: foo')).toBe('Unknown field: foo');
    expect(personText('Point not recorded: No epoch from the rover for 60 s')).toBe('Point not recorded: No epoch from the rover for 60 s');
  });

  it('a failed sign-in carries the sentence, not the key', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'password: password is required' }), { status: 400, headers: { 'content-type': 'application/json' } })));
    const login = endpoint({ method: 'POST', path: '/api/auth/login', access: 'public', permission: 'account', body: z.object({}) });
    await expect(call(login, { body: {}, quiet: true })).rejects.toThrow(/^Password is required$/);
  });
});
