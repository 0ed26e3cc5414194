import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The import direction (shared → features → app; packages never import apps) is enforced by eslint.config.mjs.
 * These snippets are linted as if they lived at the given paths, in one ESLint process (its flat config is an ES
 * module, which Jest's CommonJS runtime cannot load itself).
 */
const root = join(__dirname, '../../..');

type Case = { filePath: string; code: string };

function restrictedImportErrors(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const { filePath, code } of cases) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const stdout = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(cases)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return JSON.parse(stdout) as string[][];
}

const snippet = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const web = (path: string) => `apps/web/src/${path}`;

describe('import direction lint rules', () => {
  const bad: Case[] = [
    { filePath: web('components/layouts/bad-fixture.tsx'), code: snippet('@/features/auth/hooks/use-auth') },
    { filePath: web('components/ui/bad-fixture.tsx'), code: snippet('@/app/router') },
    { filePath: web('lib/bad-fixture.ts'), code: snippet('@/features/projects/api/get-projects') },
    { filePath: web('config/bad-fixture.ts'), code: snippet('../features/projects/format') },
    { filePath: web('lib/theme/bad-fixture.ts'), code: snippet('../../features/stats/friendly-count') },
    { filePath: web('features/odata-demo/bad-fixture.ts'), code: snippet('@/features/projects/types') },
    { filePath: web('features/odata-demo/api/bad-fixture.ts'), code: snippet('../../projects/types') },
    { filePath: web('features/stats/bad-fixture.ts'), code: snippet('@/app/routes/app/home') },
    { filePath: 'packages/odata/src/bad-fixture.ts', code: snippet('@aec/api/src/app') },
    { filePath: 'packages/ifc/src/bad-fixture.ts', code: snippet('../../../apps/web/src/lib/cn') },
  ];
  const good: Case[] = [
    { filePath: web('features/odata-demo/ok-fixture.ts'), code: snippet('@/features/odata-demo/query-url') },
    { filePath: web('features/odata-demo/components/ok-fixture.tsx'), code: snippet('../query-url') },
    { filePath: web('features/odata-demo/ok-fixture-2.ts'), code: snippet('@/lib/api-client') },
    { filePath: web('components/layouts/ok-fixture.tsx'), code: snippet('@/components/ui/button') },
    { filePath: web('app/ok-fixture.tsx'), code: snippet('@/features/auth/hooks/use-auth') },
    { filePath: 'packages/odata/src/ok-fixture.ts', code: snippet('@aec/contracts') },
  ];

  it('refuses imports against the direction and allows the rest', () => {
    const results = restrictedImportErrors([...bad, ...good]);
    bad.forEach((c, i) =>
      expect({ ...c, errors: (results[i] ?? []).length > 0 }).toEqual({ ...c, errors: true }),
    );
    good.forEach((c, i) => expect({ ...c, errors: results[bad.length + i] }).toEqual({ ...c, errors: [] }));
  });
});
