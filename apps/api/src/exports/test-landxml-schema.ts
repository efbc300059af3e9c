import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The LandXML 1.2 subset the exports are checked against (test-fixtures/landxml: hand-written, see its header; the
 * official schema could not be had here).
 */
export const LANDXML_SUBSET_XSD = join(import.meta.dirname, '../../test-fixtures/landxml/LandXML-1.2-subset.xsd');

/** xmllint --schema on a file: throws with xmllint's complaint when it does not validate. */
export function validateLandXml(file: string): void {
  execFileSync('xmllint', ['--noout', '--schema', LANDXML_SUBSET_XSD, file], { stdio: 'pipe' });
}

/** xmllint's verdict without throwing: its exit status and what it said. */
export function landXmlVerdict(file: string): { status: number | null; said: string } {
  const r = spawnSync('xmllint', ['--noout', '--schema', LANDXML_SUBSET_XSD, file], { encoding: 'utf8' });
  return { status: r.status, said: r.stderr };
}
