import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

// The import boundaries in eslint.config.js, checked on small sources placed where they would live.
const cwd = fileURLToPath(new URL('../..', import.meta.url));
/** The two rules that carry the boundaries and the persistence pattern. */
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);
// Only those rules run (as configured in eslint.config.js): the rest of the lint is npm run lint's, and
// skipping it makes the whole-tree check below take a third of the time.
const eslint = new ESLint({ cwd, ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId) });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    {
      rule: 'a service may not import another service',
      filePath: 'services/gateway/src/heroes/example.ts',
      code: "import { HeroesModule } from '@starborn/heroes';\nexport const m = HeroesModule;\n",
      refusal: 'A service never imports another service',
    },
    {
      rule: 'a service may import libs and its own files',
      filePath: 'services/gateway/src/heroes/example.ts',
      code: "import { COMMANDS } from '@starborn/contracts';\nimport { x } from '../http/api-error.js';\nexport const m = [COMMANDS, x];\n",
    },
    {
      rule: "a service's tests may assemble other services into one stack",
      filePath: 'services/gateway/src/heroes/example.int-spec.ts',
      code: "import { HeroesModule } from '@starborn/heroes';\nexport const m = HeroesModule;\n",
    },
    {
      rule: 'a lib may not import a service',
      filePath: 'libs/messaging/src/example.ts',
      code: "import { RoomsModule } from '@starborn/rooms';\nexport const m = RoomsModule;\n",
      refusal: 'A lib never imports a service',
    },
    {
      rule: 'the web app may import the contracts and zodiac',
      filePath: 'web/src/features/example.ts',
      code: "import type { Hero } from '@starborn/contracts';\nimport { westernSign } from '@starborn/zodiac';\nexport type H = Hero;\nexport const w = westernSign;\n",
    },
    {
      rule: 'the web app may not import server code',
      filePath: 'web/src/features/example.ts',
      code: "import { MessageBus } from '@starborn/messaging';\nexport const b = MessageBus;\n",
      refusal: 'never server code',
    },
    {
      rule: 'no relative import climbs out of its package',
      filePath: 'services/rooms/src/rooms/example.ts',
      code: "import { x } from '../../../heroes/src/index.js';\nexport const m = x;\n",
      refusal: 'by its @starborn name',
    },
  ])('$rule', async ({ filePath, code, refusal }) => {
    const errors = await boundaryErrors(filePath, code);
    expect(errors).toEqual(refusal ? [expect.stringContaining(refusal)] : []);
  });
});

describe('one persistence pattern', () => {
  it('a service class may not run SQL or ORM calls itself', async () => {
    const [result] = await eslint.lintText(
      "export class NotesService {\n  constructor(private readonly db: { query(sql: string): Promise<unknown> }) {}\n  list() {\n    return this.db.query('SELECT * FROM notes');\n  }\n}\n",
      { filePath: 'services/heroes/src/notes/notes.service.ts' },
    );
    expect(result.messages.map((m) => m.message)).toEqual([expect.stringContaining('*.queries.ts module')]);
  });

  it.each([
    ['find', 'return this.manager.find(Note, { where: { userId } });'],
    ['update', "return this.manager.update(Note, { userId }, { text: '' });"],
    ['delete', 'return this.repository.delete({ userId });'],
    ['count', 'return this.dataSource.manager.count(Note);'],
    ['remove', 'return manager.remove(notes);'],
  ])('every call on a TypeORM handle is refused in a service class (%s)', async (_, statement) => {
    const [result] = await eslint.lintText(
      `export class NotesService {\n  list(userId: string, manager: any, notes: unknown[]) {\n    ${statement}\n  }\n}\n`,
      { filePath: 'services/heroes/src/notes/notes.service.ts' },
    );
    expect(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)).toEqual([
      expect.stringContaining('*.queries.ts module'),
    ]);
  });

  it("an array's find or a map's delete in a service class is not an ORM call", async () => {
    const [result] = await eslint.lintText(
      'export class NotesService {\n  private readonly cache = new Map<string, string>();\n  pick(notes: { id: string }[], id: string) {\n    this.cache.delete(id);\n    return notes.find((note) => note.id === id);\n  }\n}\n',
      { filePath: 'services/heroes/src/notes/notes.service.ts' },
    );
    expect(result.messages).toEqual([]);
  });

  it('a queries module may', async () => {
    const [result] = await eslint.lintText(
      "export const notesOf = (db: { query(sql: string): Promise<unknown> }) => db.query('SELECT * FROM notes');\n",
      { filePath: 'services/heroes/src/notes/note.queries.ts' },
    );
    expect(result.messages).toEqual([]);
  });
});

describe('the tree itself', () => {
  it('keeps every boundary and the persistence pattern', async () => {
    const results = await eslint.lintFiles(['services', 'libs', 'web/src']);
    const breaches = results.flatMap((result) =>
      result.messages
        .filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId))
        .map((m) => `${result.filePath.slice(cwd.length)}:${m.line} ${m.message}`),
    );
    expect(breaches).toEqual([]);
  }, 120_000);
});
