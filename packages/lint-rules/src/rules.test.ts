import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// the repository's own eslint.config.js, run on deliberate violations: each rule must fire where it should and
// stay quiet beside it
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root, ignore: false });

async function rulesFired(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // a text that does not parse (or a path no project holds) would pass every "not fired" check: it must not happen
  expect(result!.messages.filter((m) => m.fatal).map((m) => m.message)).toEqual([]);
  return result!.messages.map((m) => m.ruleId ?? m.message);
}
async function fileMessages(path: string) {
  const [result] = await eslint.lintFiles([path]);
  return result!.messages;
}

describe('boundaries the lint enforces', { timeout: 180_000 }, () => {
  it('a web feature importing another feature fails; its own files, lib/ and components/ pass', async () => {
    // existing files' paths, so the type-aware rules find the web project; the text linted is the test's
    const at = 'apps/web/src/features/survey/components/survey-controls.tsx';
    expect(await rulesFired("import { projectsQuery } from '../../projects/api/projects';\nexport const q = projectsQuery;\n", at)).toContain('smi/feature-boundaries');
    expect(await rulesFired("export { pointsQuery } from '../../points/api/points';\n", at)).toContain('smi/feature-boundaries');
    expect(await rulesFired("export const load = () => import('../../ntrip/api/credentials');\n", at)).toContain('smi/feature-boundaries');
    const ok = "import { api } from '../../../lib/api-client';\nimport { x } from '../hooks/use-x';\nexport const y = [api, x];\n";
    expect(await rulesFired(ok, at)).not.toContain('smi/feature-boundaries');
    // app/ composes features
    expect(await rulesFired("import { projectsQuery } from '../features/projects/api/projects';\nexport const q = projectsQuery;\n", 'apps/web/src/app/route-data.ts')).not.toContain('smi/feature-boundaries');
  });

  it("the api importing the gateway's files or anything but its start and configuration fails; its start passes", async () => {
    // an existing api file's path, so the type-aware rules find its project; the text linted is this one
    const at = 'apps/api/src/main.ts';
    expect(await rulesFired("import { startMqttBroker } from '@smi/gateway';\nexport const s = startMqttBroker;\n", at)).toContain('no-restricted-imports');
    expect(await rulesFired("import { createCounters } from '@smi/gateway/broker/counters';\nexport const c = createCounters;\n", at)).toContain('no-restricted-imports');
    expect(await rulesFired("import { createCounters } from '../../gateway/src/broker/counters.js';\nexport const c = createCounters;\n", at)).toContain('no-restricted-imports');
    expect(await rulesFired("import { startGateway, loadGatewayEnv } from '@smi/gateway';\nexport const s = [startGateway, loadGatewayEnv];\n", at)).not.toContain('no-restricted-imports');
    // the demo is @smi/simulator's: neither the api nor its tests import it from the gateway
    expect(await rulesFired("import { startSimulator } from '@smi/gateway';\nexport const s = startSimulator;\n", at)).toContain('no-restricted-imports');
    expect(await rulesFired("import { seedDemo } from '@smi/gateway';\nexport const s = seedDemo;\n", 'apps/api/src/lint-probe.test.ts')).toContain('no-restricted-imports');
    expect(await rulesFired("import { seedDemo, startSimulator } from '@smi/simulator';\nexport const s = [seedDemo, startSimulator];\n", at)).not.toContain('no-restricted-imports');
    // the gateway's test helpers are for tests only
    expect(await rulesFired("import { replay } from '@smi/gateway/testing/nmea-replay';\nexport const r = replay;\n", at)).toContain('no-restricted-imports');
    expect(await rulesFired("import { replay } from '@smi/gateway/testing/nmea-replay';\nexport const r = replay;\n", 'apps/api/src/lint-probe.test.ts')).not.toContain('no-restricted-imports');
  });

  it("the api's http/ kernel importing a feature or the composition root fails; naming the app's types passes", async () => {
    const at = 'apps/api/src/http/route.ts';
    const restricted = '@typescript-eslint/no-restricted-imports';
    expect(await rulesFired("import { projectRoutes } from '../projects/routes.js';\nexport const r = projectRoutes;\n", at)).toContain(restricted);
    expect(await rulesFired("import { createApp } from '../app.js';\nexport const a = createApp;\n", at)).toContain(restricted);
    expect(await rulesFired("import type { SessionUser } from '../auth/session.js';\nimport { AppError } from './errors.js';\nexport type U = SessionUser;\nexport const E = AppError;\n", at)).not.toContain(restricted);
  });

  it('an import cycle fails at each of its imports; a type-only import closes none', async () => {
    const a = await fileMessages('packages/lint-rules/fixtures/cycle/a.ts');
    expect(a.map((m) => m.ruleId)).toContain('smi/no-import-cycles');
    expect(a.find((m) => m.ruleId === 'smi/no-import-cycles')!.message).toContain('fixtures/cycle/a.ts -> packages/lint-rules/fixtures/cycle/b.ts -> packages/lint-rules/fixtures/cycle/a.ts');
    expect((await fileMessages('packages/lint-rules/fixtures/cycle/b.ts')).map((m) => m.ruleId)).toContain('smi/no-import-cycles');
    expect((await fileMessages('packages/lint-rules/fixtures/cycle/types-only.ts')).map((m) => m.ruleId)).not.toContain('smi/no-import-cycles');
    expect((await fileMessages('packages/lint-rules/fixtures/cycle/uses-types.ts')).map((m) => m.ruleId)).not.toContain('smi/no-import-cycles');
  });

  it('a floating promise in server code fails; an awaited or voided one passes', async () => {
    const messages = (await fileMessages('packages/lint-rules/fixtures/floating.ts')).filter((m) => m.ruleId === '@typescript-eslint/no-floating-promises');
    expect(messages.map((m) => m.line)).toEqual([5]);
  });

  it('a floating promise in the web app fails too; a navigation (the plain router returns nothing) passes', async () => {
    // an existing web file's path, so the type-aware rule finds the web project; the text linted is this one
    const at = 'apps/web/src/lib/format.ts';
    const floating = (text: string) => rulesFired(text, at).then((ids) => ids.filter((id) => id === '@typescript-eslint/no-floating-promises'));
    expect(await floating('async function save(): Promise<void> {}\nexport function onClick(): void {\n  save();\n}\n')).toHaveLength(1);
    expect(await floating('async function save(): Promise<void> {}\nexport function onClick(): void {\n  // the saver shows its own error\n  void save();\n}\n')).toHaveLength(0);
    const navigation = "import { useNavigate } from 'react-router-dom';\nexport function useBack() {\n  const navigate = useNavigate();\n  return () => {\n    navigate('/');\n  };\n}\n";
    expect(await floating(navigation)).toHaveLength(0);
  });

  it('a .catch that drops the error fails unless a comment on its line or the line above says why', async () => {
    const at = 'apps/web/src/lib/format.ts';
    expect(await rulesFired('export const f = (p: Promise<void>) => p.catch(() => {});\n', at)).toContain('smi/no-silent-catch');
    expect(await rulesFired('export const f = (p: Promise<void>) => p.catch(() => undefined);\n', at)).toContain('smi/no-silent-catch');
    expect(await rulesFired('export const f = (p: Promise<void>) => p.catch(function () {});\n', at)).toContain('smi/no-silent-catch');
    expect(await rulesFired('export const f = (p: Promise<void>) => p.catch(() => {}); // a late reply has nobody to tell\n', at)).not.toContain('smi/no-silent-catch');
    expect(await rulesFired('// a late reply has nobody to tell\nexport const f = (p: Promise<void>) => p.catch(() => {});\n', at)).not.toContain('smi/no-silent-catch');
    expect(await rulesFired('export const f = (p: Promise<void>) => p.catch((err) => console.error(err));\n', at)).not.toContain('smi/no-silent-catch');
    // a fallback value is an answer, not silence
    expect(await rulesFired('export const f = (p: Promise<unknown>) => p.catch(() => null);\n', at)).not.toContain('smi/no-silent-catch');
  });
});

describe("the gateway's public entry", () => {
  it('exports what starts a gateway and its configuration, exactly the names the api may import', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const config = (await import(new URL('../../../eslint.config.js', import.meta.url).href)) as Record<string, string[]>;
    const entry = readFileSync(join(root, 'apps/gateway/src/index.ts'), 'utf8');
    const exported = [...entry.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
      m[1]!.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!).filter(Boolean),
    );
    // `export *` would export names nobody listed
    expect(entry).not.toMatch(/export\s+\*/);
    expect(exported.sort()).toEqual([...config.GATEWAY_PUBLIC!].sort());
  });
});
