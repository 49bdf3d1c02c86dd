import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

// The import boundaries in eslint.config.js, checked on small sources placed where they would live.
const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('a service may not import another service', async () => {
    const errors = await boundaryErrors(
      'services/gateway/src/heroes/example.ts',
      "import { HeroesModule } from '@starborn/heroes';\nexport const m = HeroesModule;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A service never imports another service')]);
  });

  it('a service may import libs and its own files', async () => {
    const errors = await boundaryErrors(
      'services/gateway/src/heroes/example.ts',
      "import { COMMANDS } from '@starborn/contracts';\nimport { x } from '../http/api-error.js';\nexport const m = [COMMANDS, x];\n",
    );
    expect(errors).toEqual([]);
  });

  it("a service's tests may assemble other services into one stack", async () => {
    const errors = await boundaryErrors(
      'services/gateway/src/heroes/example.int-spec.ts',
      "import { HeroesModule } from '@starborn/heroes';\nexport const m = HeroesModule;\n",
    );
    expect(errors).toEqual([]);
  });

  it('a lib may not import a service', async () => {
    const errors = await boundaryErrors(
      'libs/messaging/src/example.ts',
      "import { RoomsModule } from '@starborn/rooms';\nexport const m = RoomsModule;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A lib never imports a service')]);
  });

  it('the web app may import the contracts and zodiac, not server code', async () => {
    const allowed = await boundaryErrors(
      'web/src/features/example.ts',
      "import type { Hero } from '@starborn/contracts';\nimport { westernSign } from '@starborn/zodiac';\nexport type H = Hero;\nexport const w = westernSign;\n",
    );
    expect(allowed).toEqual([]);
    const refused = await boundaryErrors(
      'web/src/features/example.ts',
      "import { MessageBus } from '@starborn/messaging';\nexport const b = MessageBus;\n",
    );
    expect(refused).toEqual([expect.stringContaining('never server code')]);
  });

  it('no relative import climbs out of its package', async () => {
    const errors = await boundaryErrors(
      'services/rooms/src/rooms/example.ts',
      "import { x } from '../../../heroes/src/index.js';\nexport const m = x;\n",
    );
    expect(errors).toEqual([expect.stringContaining('by its @starborn name')]);
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
        .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
        .map((m) => `${result.filePath.slice(cwd.length)}:${m.line} ${m.message}`),
    );
    expect(breaches).toEqual([]);
  }, 120_000);
});
