import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Every REST answer a test sees is checked against the OpenAPI document the server serves: the
 * harness records each one and checks them all when the test app closes, so a drift between the
 * document and the server fails the test file that met it.
 */
export interface SeenAnswer {
  method: string;
  /** The path under /api, query string included. */
  path: string;
  status: number;
  body: unknown;
}

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/** `/tags/{tagId}` as a pattern; paths with fewer parameters win (`/products/priceRange` over `/products/{productId}`). */
function routeTable(document: Document): Array<{ template: string; pattern: RegExp; parameters: number }> {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
      parameters: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);
}

export function checkAnswers(document: Document, answers: readonly SeenAnswer[]): string[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ $id: 'doc', components: document.components ?? {} });
  const routes = routeTable(document);
  const compiled = new Map<string, ValidateFunction | null>();
  const problems: string[] = [];
  for (const answer of answers) {
    const path = answer.path.split('?')[0] ?? '';
    const route = routes.find((candidate) => candidate.pattern.test(path));
    const method = answer.method.toLowerCase();
    const operation = route ? document.paths[route.template]?.[method] : undefined;
    if (!route || !operation) {
      // Not a documented call: the document must declare the 404/405 such a request gets, nothing to check.
      continue;
    }
    const response = operation.responses?.[String(answer.status)];
    if (!response) {
      problems.push(`${answer.method} ${route.template}: status ${answer.status} is not declared`);
      continue;
    }
    const schema = response.content?.['application/json']?.schema;
    if (schema === undefined || answer.body === undefined) continue;
    const key = `${method} ${route.template} ${answer.status}`;
    if (!compiled.has(key)) {
      const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object;
      compiled.set(key, ajv.compile(rewritten));
    }
    const validate = compiled.get(key);
    if (validate && !validate(answer.body)) {
      problems.push(`${answer.method} ${answer.path} → ${answer.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
  }
  return [...new Set(problems)];
}
