/**
 * A small XML reader for LandXML: elements with their attributes, text, children and the line each starts on, so
 * an import error can name its line. No DTD and no entity but the five predefined ones and character references
 * (a LandXML file needs none, and an entity definition is how XML bombs a parser). Well-formedness errors are
 * returned, never thrown.
 */
export interface XmlElement {
  /** the local name (a prefix such as lx: is dropped: LandXML has one namespace) */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

export type XmlResult = { root: XmlElement } | { error: string; line: number };

const NAME = /[A-Za-z_:][\w.:-]*/y;
const ATTR = /\s*([A-Za-z_:][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

class Failure {
  constructor(
    readonly message: string,
    readonly at: number,
  ) {}
}

function decode(raw: string, at: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new Failure(`"&${ref}" is not closed by ";"`, at);
    if (ref in PREDEFINED) return PREDEFINED[ref] as string;
    const m = /^#(x[0-9a-fA-F]+|\d+)$/.exec(ref);
    const code = m ? (m[1]!.startsWith('x') ? parseInt(m[1]!.slice(1), 16) : parseInt(m[1]!, 10)) : NaN;
    if (!Number.isInteger(code) || code > 0x10ffff) throw new Failure(`unknown entity "&${ref};"`, at);
    return String.fromCodePoint(code);
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

function parse(text: string, line: (offset: number) => number): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  const skipTo = (end: string, what: string) => {
    const j = text.indexOf(end, i);
    if (j < 0) throw new Failure(`${what} is not closed`, i);
    i = j + end.length;
  };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    const top = stack[stack.length - 1];
    if (top) top.text += decode(chunk, i);
    else if (chunk.trim() !== '') throw new Failure('text outside the root element', i);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) skipTo('-->', 'a comment');
    else if (text.startsWith('<?', i)) skipTo('?>', 'a processing instruction');
    else if (text.startsWith('<![CDATA[', i)) {
      const start = i + 9;
      skipTo(']]>', 'a CDATA section');
      if (!top) throw new Failure('CDATA outside the root element', start);
      top.text += text.slice(start, i - 3);
    } else if (text.startsWith('<!DOCTYPE', i)) {
      if (text.indexOf('[', i) >= 0 && text.indexOf('[', i) < text.indexOf('>', i)) throw new Failure('a DOCTYPE with definitions is not accepted', i);
      skipTo('>', 'the DOCTYPE');
    } else if (text.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const m = NAME.exec(text);
      const close = m?.[0] ?? '';
      const open = stack.pop();
      if (!open) throw new Failure(`closing tag </${close}> without an opening tag`, i);
      if (localName(close) !== open.name) throw new Failure(`</${close}> closes <${open.name}> opened on line ${open.line}`, i);
      i = NAME.lastIndex;
      skipTo('>', `the closing tag </${close}>`);
    } else i = openTag(text, i, stack, line, (el) => (root = el), root !== null);
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1] as XmlElement;
    throw new Failure(`<${open.name}> opened on line ${open.line} is never closed`, text.length);
  }
  if (!root) throw new Failure('no root element', 0);
  return root;
}

function openTag(text: string, lt: number, stack: XmlElement[], line: (offset: number) => number, setRoot: (el: XmlElement) => void, hasRoot: boolean): number {
  NAME.lastIndex = lt + 1;
  const m = NAME.exec(text);
  if (!m) throw new Failure('"<" does not open a tag', lt);
  const el: XmlElement = { name: localName(m[0]), attrs: {}, children: [], text: '', line: line(lt) };
  let i = NAME.lastIndex;
  for (;;) {
    ATTR.lastIndex = i;
    const a = ATTR.exec(text);
    if (!a) break;
    const name = a[1] as string;
    if (name in el.attrs) throw new Failure(`attribute ${name} given twice`, i);
    el.attrs[name] = decode(a[3] ?? a[4] ?? '', i);
    i = ATTR.lastIndex;
  }
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r') i++;
  const selfClosing = text.startsWith('/>', i);
  if (!selfClosing && text[i] !== '>') throw new Failure(`malformed tag <${m[0]}>`, i);
  const parent = stack[stack.length - 1];
  if (parent) parent.children.push(el);
  else if (hasRoot) throw new Failure(`a second root element <${el.name}>`, lt);
  else setRoot(el);
  if (!selfClosing) stack.push(el);
  return i + (selfClosing ? 2 : 1);
}

/** Offsets to 1-based line numbers, by one pass over the newlines. */
function lineOf(text: string): (offset: number) => number {
  const starts: number[] = [0];
  for (let j = text.indexOf('\n'); j >= 0; j = text.indexOf('\n', j + 1)) starts.push(j + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

export function readXml(text: string): XmlResult {
  const line = lineOf(text);
  try {
    return { root: parse(text, line) };
  } catch (err) {
    if (err instanceof Failure) return { error: err.message, line: line(err.at) };
    throw err;
  }
}
