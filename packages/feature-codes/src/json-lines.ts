/**
 * The line each value of a JSON text starts on, by its path ('codes.3.colour'), so an error found in the parsed
 * value can name its line. Only called on text JSON.parse accepted; JSON strings hold no raw line breaks, so lines
 * are counted in the white space alone.
 */
export function jsonValueLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const space = () => {
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) line++;
      else if (c !== 32 && c !== 9 && c !== 13) return;
    }
  };
  const string = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const child = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  const value = (path: string): void => {
    space();
    lines.set(path, line);
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      for (let k = 0; ; k++) {
        space();
        if (text[i] === '}' || text[i] === ']') return void i++;
        if (text[i] === ',') i++;
        let key: string | number = k;
        if (c === '{') {
          space();
          key = string();
          space();
          i++; // the colon
        }
        value(child(path, key));
      }
    }
    if (c === '"') return void string();
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  };
  value('');
  return lines;
}

/** The line of the deepest value on the path that the text has. */
export function lineAt(lines: Map<string, number>, path: readonly PropertyKey[]): number | null {
  for (let n = path.length; n >= 0; n--) {
    const found = lines.get(path.slice(0, n).map(String).join('.'));
    if (found !== undefined) return found;
  }
  return null;
}
