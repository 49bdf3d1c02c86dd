// Lint rules for every workspace: typescript-eslint's recommended set; formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Names a service gives its TypeORM handles (an entity manager, a data source, a repository). */
const ORM_HANDLES = '/^(manager|entityManager|em|dataSource|repository|repo|queryRunner)$/';

/**
 * The architecture's boundaries (docs/architecture.md): a service never imports another service (they
 * talk over the message bus; only tests may assemble several into one stack), a lib never imports a
 * service, and the web app imports only the wire contracts and the pure zodiac lib, never server code.
 */
const SERVICES = ['auth', 'gateway', 'generation', 'heroes', 'payments', 'rooms', 'storybook'];
const TESTS = ['**/__tests__/**', '**/*.spec.ts', '**/*.int-spec.ts', '**/*.system-spec.ts'];
/** Relative imports that climb out of a package into another one. */
const OUT_OF_PACKAGE = { group: ['../../../*'], message: 'Import another package by its @starborn name.' };
const boundaries = [
  ...SERVICES.map((service) => ({
    files: [`services/${service}/src/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: SERVICES.filter((other) => other !== service).map((other) => `@starborn/${other}`),
              message: 'A service never imports another service: send a command or a job (libs/contracts).',
            },
            OUT_OF_PACKAGE,
          ],
        },
      ],
    },
  })),
  {
    files: ['libs/*/src/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: SERVICES.map((service) => `@starborn/${service}`),
              message: 'A lib never imports a service.',
            },
            OUT_OF_PACKAGE,
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@starborn/*', '!@starborn/contracts', '!@starborn/zodiac'],
              message:
                'The web app imports only @starborn/contracts and @starborn/zodiac, never server code.',
            },
            OUT_OF_PACKAGE,
          ],
        },
      ],
    },
  },
  {
    // One persistence pattern: SQL and ORM calls live in *.queries.ts modules; a service class holds the
    // rules and calls them (docs/architecture.md, Persistence).
    files: ['services/*/src/**/*.service.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(query|createQueryBuilder|getRepository|transaction|findOne|findOneBy|findBy|findAndCount|save|insert|upsert|softDelete)$/]',
          message:
            'A service class runs no SQL or ORM call: put it in the *.queries.ts module next to it (docs/architecture.md).',
        },
        {
          // Any call on a TypeORM handle the class holds or is given (find, update, delete, count,
          // remove...), whatever the method's name: the names alone would also catch arrays and maps.
          selector: `CallExpression[callee.type='MemberExpression']:matches([callee.object.name=${ORM_HANDLES}], [callee.object.property.name=${ORM_HANDLES}])`,
          message:
            'A service class runs no SQL or ORM call: put it in the *.queries.ts module next to it (docs/architecture.md).',
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'bench/.baseline/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      // Message registries and Nest's handler signatures are generic over `any` on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest modules are classes with decorators and no members.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  ...boundaries,
);
