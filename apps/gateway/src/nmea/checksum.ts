/** XOR of every character between '$' and '*', as two upper-case hex digits (NMEA 0183). */
export function nmeaChecksum(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

/** Builds a complete sentence from its body (no '$', no '*'): "GPGGA,..." -> "$GPGGA,...*47". */
export function withChecksum(body: string): string {
  return `$${body}*${nmeaChecksum(body)}`;
}

/**
 * True when the sentence is "$BODY*HH" and HH matches. A sentence without a checksum is refused too: over a network
 * link a receiver always sends one, and a line without it cannot be told apart from a cut-off line.
 */
export function hasValidChecksum(sentence: string): boolean {
  const match = /^[$!]([^*$]+)\*([0-9A-Fa-f]{2})$/.exec(sentence);
  return !!match && nmeaChecksum(match[1]!) === match[2]!.toUpperCase();
}
