import type { CodeList, CodeListImportError } from '@smi/contracts';
import type { z } from 'zod';

/** An import either gives the whole list or names every bad row and gives nothing. */
export type CodeListImport = { ok: true; list: CodeList } | { ok: false; errors: CodeListImportError[] };

/** A reply stays readable: past this many bad rows the rest are counted, not listed. */
export const MAX_LISTED_ERRORS = 100;

export function refused(errors: CodeListImportError[]): CodeListImport {
  const sorted = [...errors].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (sorted.length <= MAX_LISTED_ERRORS) return { ok: false, errors: sorted };
  const rest = sorted.length - MAX_LISTED_ERRORS;
  return { ok: false, errors: [...sorted.slice(0, MAX_LISTED_ERRORS), { line: null, message: `and ${rest} more error${rest === 1 ? '' : 's'}` }] };
}

/**
 * zod's findings on a candidate list as import errors: `lineOf` says where code i (or any other path) is in the
 * file, `where` how the field is called there. A collision names the other row's line too.
 */
export function issueErrors(
  issues: z.ZodError['issues'],
  lineOf: (path: readonly PropertyKey[]) => number | null,
  where: (path: readonly PropertyKey[]) => string,
): CodeListImportError[] {
  return issues.map((issue) => {
    const other = (issue as { params?: { otherIndex?: number } }).params?.otherIndex;
    const otherLine = other === undefined ? null : lineOf(['codes', other]);
    const label = where(issue.path);
    return {
      line: lineOf(issue.path),
      message: `${label ? `${label}: ` : ''}${issue.message}${otherLine === null ? '' : ` (see line ${otherLine})`}`,
    };
  });
}
