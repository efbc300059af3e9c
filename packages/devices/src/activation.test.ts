import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deviceActivationKey, isActivationKey } from './activation.js';

const MAKER_KEY = 'maker-key-0123456789-0123456789-abcdef';

describe('activation keys (decision 027)', () => {
  it('are HMAC-SHA256(maker key, label + code), base64url, 24 characters: the value openssl gives', () => {
    // printf 'smi-device-activation\0ROVER-1' | openssl dgst -sha256 -hmac "$MAKER_KEY" -binary | base64 | tr '+/' '-_' | cut -c1-24
    expect(deviceActivationKey(MAKER_KEY, 'ROVER-1')).toBe('1jFU_0PKfMxE6EV5-hzznpWJ');
    expect(deviceActivationKey(MAKER_KEY, 'ROVER-2')).not.toBe('1jFU_0PKfMxE6EV5-hzznpWJ');
    expect(deviceActivationKey(`${MAKER_KEY}x`, 'ROVER-1')).not.toBe('1jFU_0PKfMxE6EV5-hzznpWJ');
  });

  it('are checked exactly: another length, another case or another code fails', () => {
    expect(isActivationKey(MAKER_KEY, 'ROVER-1', '1jFU_0PKfMxE6EV5-hzznpWJ')).toBe(true);
    expect(isActivationKey(MAKER_KEY, 'ROVER-1', Buffer.from('1jFU_0PKfMxE6EV5-hzznpWJ'))).toBe(true);
    expect(isActivationKey(MAKER_KEY, 'ROVER-1', '1jFU_0PKfMxE6EV5-hzznpW')).toBe(false);
    expect(isActivationKey(MAKER_KEY, 'ROVER-1', '1JFU_0PKfMxE6EV5-hzznpWJ')).toBe(false);
    expect(isActivationKey(MAKER_KEY, 'rover-1', '1jFU_0PKfMxE6EV5-hzznpWJ')).toBe(false);
    expect(isActivationKey(MAKER_KEY, 'ROVER-1', '')).toBe(false);
  });

  it('are printed for the maker\'s labels by the activation-keys command', () => {
    const cli = fileURLToPath(new URL('./activation-cli.ts', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', 'tsx', cli, 'ROVER-1', 'BASE.2'], { env: { ...process.env, DEVICE_ACTIVATION_SECRET: MAKER_KEY }, encoding: 'utf8' });
    expect(out).toBe(`ROVER-1\t1jFU_0PKfMxE6EV5-hzznpWJ\nBASE.2\t${deviceActivationKey(MAKER_KEY, 'BASE.2')}\n`);
  });
});
