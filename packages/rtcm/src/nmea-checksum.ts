/** XOR of the character codes of text[from, to). */
function xorOf(text: string, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum ^= text.charCodeAt(i);
  return sum;
}

/** XOR of every character between '$' and '*', as two upper-case hex digits (NMEA 0183). */
export function nmeaChecksum(body: string): string {
  return xorOf(body, 0, body.length).toString(16).toUpperCase().padStart(2, '0');
}

/** Builds a complete sentence from its body (no '$', no '*'): "GPGGA,..." -> "$GPGGA,...*47". */
export function withChecksum(body: string): string {
  return `$${body}*${nmeaChecksum(body)}`;
}

/** The value of a hex digit's character code, or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  if (c >= 65 && c <= 70) return c - 55; // A-F
  if (c >= 97 && c <= 102) return c - 87; // a-f
  return -1;
}

/**
 * True when the sentence is "$BODY*HH" (or "!BODY*HH") and HH matches: a body of at least one character with no '*'
 * or '$', then exactly two hex digits. A sentence without a checksum is refused too: over a network link a receiver
 * always sends one, and a line without it cannot be told apart from a cut-off line. Every reading passes here, so
 * it reads character codes and allocates nothing.
 */
export function hasValidChecksum(sentence: string): boolean {
  const n = sentence.length;
  const first = sentence.charCodeAt(0);
  if (n < 5 || (first !== 36 && first !== 33)) return false; // '$' or '!'
  // the only '*' is the one before the two digits, and no '$' after the first character
  if (sentence.indexOf('*', 1) !== n - 3 || sentence.indexOf('$', 1) !== -1) return false;
  const high = hexValue(sentence.charCodeAt(n - 2));
  const low = hexValue(sentence.charCodeAt(n - 1));
  return high >= 0 && low >= 0 && xorOf(sentence, 1, n - 3) === high * 16 + low;
}
