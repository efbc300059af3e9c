/**
 * JSON.parse keeps no positions, so errors about a feature could not name its line. This scans the text once
 * (strings and nesting only) for the line each element of the top-level "features" array starts on.
 */
export function featureLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let lastKey = '';
  let keyAtDepth1 = '';
  let inFeatures = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) line++;
    else if (ch === 34) {
      // a string: skip to its closing quote, counting lines (a string holds no raw newline, but be safe)
      const start = i + 1;
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) {
        if (text.charCodeAt(i) === 92) i++;
        else if (text.charCodeAt(i) === 10) line++;
      }
      lastKey = text.slice(start, i);
    } else if (ch === 58 && depth === 1) keyAtDepth1 = lastKey;
    else if (ch === 123 || ch === 91) {
      if (depth === 1 && ch === 91 && keyAtDepth1 === 'features') inFeatures = true;
      else if (depth === 2 && inFeatures && ch === 123) lines.push(line);
      depth++;
    } else if (ch === 125 || ch === 93) {
      depth--;
      if (depth === 1) inFeatures = false;
    }
  }
  return lines;
}

/** The line of a character offset (for JSON.parse's "at position N"). */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
