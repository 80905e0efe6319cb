import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_ERROR_MESSAGES } from '../auth';
import { BILLING_ERROR_MESSAGES } from '../billing';
import { COMMENT_ERROR_MESSAGES } from '../comments';
import { ERROR_MESSAGES } from '../errors';
import { API_ROUTES, openApiDocument } from './openapi-document';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const document = openApiDocument() as Json;
const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, operation]) => ({ path, method, operation: operation as Json })),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (checked against the specification’s JSON schema)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pixtract-openapi-'));
    try {
      const file = join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      // The validator is an ES module; jest runs CommonJS, so it runs in a node of its own.
      const script = `import { Validator } from '@seriousme/openapi-schema-validator';
        const validator = new Validator();
        const result = await validator.validate(${JSON.stringify(file)});
        process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));`;
      const result = JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: __dirname, encoding: 'utf8' }),
      );
      expect(result).toEqual({ valid: true, version: '3.1' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('has every route once, each with a summary, a tag, an answer, and an example of every JSON body', () => {
    expect(operations).toHaveLength(API_ROUTES.length);
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, summary: typeof operation.summary, tags: operation.tags?.length }).toEqual({
        where,
        summary: 'string',
        tags: 1,
      });
      expect({ where, answers: Object.keys(operation.responses).some((status) => Number(status) < 400) }).toEqual({
        where,
        answers: true,
      });
      const bodies = [operation.requestBody, ...Object.values(operation.responses as Json)]
        .map((part) => part?.content?.['application/json'])
        .filter(Boolean);
      for (const body of bodies)
        expect({ where, example: body.example !== undefined || body.examples !== undefined }).toEqual({
          where,
          example: true,
        });
    }
  });

  it('shows each refusal with its code and the catalogue’s words for it, and a 500 on every route', () => {
    const catalogue: Record<string, string> = {
      ...ERROR_MESSAGES,
      ...AUTH_ERROR_MESSAGES,
      ...COMMENT_ERROR_MESSAGES,
      ...BILLING_ERROR_MESSAGES,
    };
    for (const { path, method, operation } of operations) {
      expect(operation.responses['500']).toBeDefined();
      // Refusals show one example per code; /ready's 503 is a readiness report, not a refusal.
      const refusals = Object.entries(operation.responses as Json).filter(
        ([status, answer]) => Number(status) >= 400 && answer.content['application/json'].examples,
      );
      for (const [status, refusal] of refusals) {
        for (const [code, { value }] of Object.entries(refusal.content['application/json'].examples as Json)) {
          expect({
            where: `${method} ${path} ${status}`,
            value: { statusCode: value.statusCode, code: value.code, message: value.message },
          }).toEqual({
            where: `${method} ${path} ${status}`,
            value: { statusCode: Number(status), code, message: catalogue[code] },
          });
        }
      }
    }
  });

  it('names the shapes that recur, and every reference resolves', () => {
    const schemas = Object.keys(document.components.schemas);
    expect(schemas).toEqual(
      expect.arrayContaining(['ErrorBody', 'Limits', 'ExtractedFile', 'ExtractionResponse', 'AuthUser']),
    );
    const references = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((name) => !schemas.includes(name))).toEqual([]);
  });
});
