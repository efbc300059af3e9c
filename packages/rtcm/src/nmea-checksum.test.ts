import { describe, expect, it } from 'vitest';
import { hasValidChecksum, nmeaChecksum, withChecksum } from './nmea-checksum.js';

/** A repeatable 0..1 sequence (a linear congruential generator), so a failure names a sentence that stays failing. */
function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** The rule written as a regular expression: what the allocation-free check must agree with. */
function byRegex(sentence: string): boolean {
  const match = /^[$!]([^*$]+)\*([0-9A-Fa-f]{2})$/.exec(sentence);
  return !!match && nmeaChecksum(match[1]!) === match[2]!.toUpperCase();
}

describe('an NMEA checksum', () => {
  const GGA = '$GPGGA,202530.00,5109.0262,N,11401.8407,W,5,40,0.5,1097.36,M,-17.00,M,18,TSTR*61';

  it('accepts a matching one, in either case, after $ or !', () => {
    expect(hasValidChecksum(GGA)).toBe(true);
    expect(hasValidChecksum(withChecksum('GPGST,172814.0,0.006,0.023').replace(/[A-F]{1,2}$/, (h) => h.toLowerCase()))).toBe(true);
    expect(hasValidChecksum(`!${withChecksum('AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0').slice(1)}`)).toBe(true);
    expect(hasValidChecksum('$A*41')).toBe(true);
  });

  it('refuses a wrong, missing, cut-off or malformed one', () => {
    for (const bad of [GGA.replace('*61', '*62'), GGA.slice(0, -3), GGA.slice(0, -1), `${GGA}0`, GGA.replace('$', ''), '$*00', '$$A*41', '$A**41', '$A*4G', '', '$', '*41']) {
      expect(hasValidChecksum(bad), bad).toBe(false);
    }
  });

  it('agrees with the rule as a regular expression on many random sentences', () => {
    const random = seededRandom(11);
    const alphabet = '$!*,.0123456789ABCDEFabcdefGPGA \r';
    let valid = 0;
    for (let n = 0; n < 20_000; n++) {
      const body = Array.from({ length: Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      // half of them with their true checksum, so that both answers are exercised
      const sentence = random() < 0.5 ? `$${body}*${nmeaChecksum(body)}` : `${random() < 0.5 ? '$' : '!'}${body}`;
      expect(hasValidChecksum(sentence), JSON.stringify(sentence)).toBe(byRegex(sentence));
      if (byRegex(sentence)) valid++;
    }
    expect(valid).toBeGreaterThan(1000);
  });
});
