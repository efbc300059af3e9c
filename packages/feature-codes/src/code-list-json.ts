import { codeList, type CodeList } from '@smi/contracts';
import { issueErrors, refused, type CodeListImport } from './import-result.js';
import { jsonValueLines, lineAt } from './json-lines.js';

/** The whole list, attributes and control codes included, as the contracts' `codeList` reads it back. */
export function exportCodeListJson(list: CodeList): string {
  return `${JSON.stringify(list, null, 2)}\n`;
}

/** Where a JSON parser says it stopped, as a line: engines word it differently, so only what is there is used. */
function syntaxLine(text: string, message: string): number | null {
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  return position ? text.slice(0, Number(position[1])).split('\n').length : null;
}

export function importCodeListJson(text: string): CodeListImport {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return refused([{ line: syntaxLine(body, message), message: `The file is not valid JSON: ${message}` }]);
  }
  const parsed = codeList.safeParse(data);
  if (parsed.success) return { ok: true, list: parsed.data };
  const lines = jsonValueLines(body);
  const codes = (data as { codes?: unknown })?.codes;
  // 'EP: colour' reads better than 'codes.3.colour' when the row has a code
  const where = (path: readonly PropertyKey[]) => {
    const row = path[0] === 'codes' && typeof path[1] === 'number' && Array.isArray(codes) ? (codes[path[1]] as { code?: unknown } | undefined) : undefined;
    const rest = path.slice(2).map(String).join('.');
    if (typeof row?.code === 'string' && row.code.trim()) return [row.code.trim(), rest].filter(Boolean).join(': ');
    return path.map(String).join('.');
  };
  return refused(issueErrors(parsed.error.issues, (path) => lineAt(lines, path), where));
}
