/**
 * The OpenAPI document describes every answer: each operation's success answer has a schema (a DTO
 * class), and each documented 4xx answer is the error body { status, code, message, error }. The
 * contract suite (scripts/system/contract.system-spec.ts) checks real answers against these schemas.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loneGateways, type LoneGateways } from '../__tests__/lone-gateway.js';

let gateways: LoneGateways;
let gateway: NestFastifyApplication;
let document: any;

beforeAll(async () => {
  gateways = await loneGateways('gwopenapi');
  await mkdir(join(gateways.workDir, 'web'), { recursive: true });
  await writeFile(join(gateways.workDir, 'web', 'index.html'), '<!doctype html><title>Starborn</title>');
  gateway = await gateways.start();
  const answer = await gateway.inject({ method: 'GET', url: '/api/docs/json' });
  document = answer.json();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await gateways?.cleanUp();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(): {
  name: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}[] {
  return Object.entries(document.paths as Record<string, Record<string, { responses: never }>>).flatMap(
    ([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        name: `${method.toUpperCase()} ${path}`,
        responses: item[method]!.responses,
      })),
  );
}

/** Answers that are not JSON: a zip download, a book (EPUB, PDF), a share card (PNG), a queue dashboard, a webhook acknowledgement. */
const NOT_JSON = new Set([
  'GET /api/heroes/{id}/download',
  'GET /api/heroes/{heroId}/storybook/export',
  'GET /api/user/export',
  'GET /api/share/{shareId}/card/{file}',
]);

describe('the OpenAPI document', () => {
  it('gives every operation a success answer with a JSON schema', () => {
    const missing = operations()
      .filter((op) => !NOT_JSON.has(op.name))
      .filter((op) => {
        const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
        return (
          success.length === 0 || success.some(([, answer]) => !answer.content?.['application/json']?.schema)
        );
      })
      .map((op) => op.name);
    expect(missing).toEqual([]);
  });

  it('documents every 4xx answer with a schema that requires error and message', () => {
    expect(document.components.schemas.ErrorResponse.required).toEqual(
      expect.arrayContaining(['status', 'code', 'message', 'error']),
    );
    const wrong = operations().flatMap((op) =>
      Object.entries(op.responses)
        .filter(([status]) => /^4\d\d$/.test(status))
        .filter(([, answer]) => {
          const schema = answer.content?.['application/json']?.schema as { $ref?: string } | undefined;
          const name = schema?.$ref?.replace('#/components/schemas/', '');
          const required: string[] = (name && document.components.schemas[name]?.required) || [];
          return !required.includes('error') || !required.includes('message');
        })
        .map(([status]) => `${op.name} ${status}`),
    );
    expect(wrong).toEqual([]);
  });
});
