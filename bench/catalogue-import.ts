import os from 'node:os';
import type { ImportPreview, ImportState } from '../src/shared/schemas/catalogue-io.js';
import { header } from '../tests/support/catalogue-io-support.js';
import { startTestApp, type TestApp } from '../tests/support/harness.js';

/**
 * The catalogue import at 10 000 rows (docs/catalogue-import.md): `npx tsx bench/catalogue-import.ts
 * [--rows 10000] [--db pglite|postgres|both]`. A generated file (products of 2 colours × 4 sizes,
 * five categories, three brands, a barcode per item) is checked and applied on a fresh database
 * through the real app's REST routes, then the same file again (every row an update). PostgreSQL
 * is `DATABASE_URL` or postgres://postgres@127.0.0.1:5432/test (a schema of its own, dropped after).
 */

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const rows = Number(option('rows', '10000'));
const databases = option('db', 'both') === 'both' ? ['pglite', 'postgres'] : [option('db', 'both')];
const postgresUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

const sizes = ['XS', 'S', 'M', 'L'];
const colors = ['Красный', 'Синий'];
const categories = ['Одежда / Куртки', 'Одежда / Брюки', 'Одежда / Платья', 'Обувь / Кроссовки', 'Обувь / Ботинки'];
const brands = ['Север', 'Юг', 'Запад'];

function ean(index: number): string {
  const twelve = `46${String(index).padStart(10, '0')}`;
  const sum = [...twelve].reduce((total, digit, position) => total + Number(digit) * (position % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

export function generateFile(count: number): string {
  const lines = [header];
  for (let row = 0; row < count; row += 1) {
    const product = Math.floor(row / 8);
    const color = Math.floor(row / 4) % 2;
    const size = sizes[row % 4]!;
    const variant = `B-${product}-${color}`;
    const price = 1000 + (product % 500) * 10;
    lines.push(
      [`${variant}/${size}`, `Товар номер ${product}`, `tovar-${product}`, `Описание товара ${product}`, 'да', categories[product % 5], brands[product % 3], variant, colors[color], `${price},50`, '', size, String(row % 7), ean(row), '']
        .map((cell) => (cell ?? '').replace(/;/g, ','))
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function dictionaries(t: TestApp, token: string): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const answer = await t.rest<{ id: number }>('POST', path, { token, body });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.id;
  };
  for (const [index, name] of sizes.entries()) await post('/sizes', { name, url: `size-${index}` });
  await post('/colors', { name: 'Красный', url: 'red', code: '#ff0000' });
  await post('/colors', { name: 'Синий', url: 'blue', code: '#0000ff' });
  const roots = new Map<string, number>();
  for (const [index, path] of categories.entries()) {
    const [root, child] = path.split(' / ') as [string, string];
    if (!roots.has(root)) roots.set(root, await post('/categories', { name: root, url: `root-${roots.size}` }));
    await post('/categories', { name: child, url: `child-${index}`, parentId: roots.get(root) });
  }
  for (const [index, name] of brands.entries()) await post('/brands', { name, url: `brand-${index}` });
}

async function importOnce(t: TestApp, token: string, file: string): Promise<{ checkMs: number; applyMs: number; polls: number }> {
  const started = performance.now();
  const response = await fetch(`${t.baseUrl}/api/products/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: file });
  const preview = (await response.json()) as ImportPreview;
  if (!preview.importId) throw new Error(`the file has problems: ${JSON.stringify(preview.fileProblems.concat(preview.problems.slice(0, 3).flatMap((p) => p.messages)))}`);
  const checked = performance.now();
  await t.rest('POST', `/products/imports/${preview.importId}/apply`, { token });
  let state: ImportState;
  let polls = 0;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = (await t.rest<ImportState>('GET', `/products/imports/${preview.importId}`, { token })).body;
    polls += 1;
  } while (state.status === 'running');
  if (state.status !== 'done') throw new Error(`import ${state.status}: ${state.error}`);
  return { checkMs: checked - started, applyMs: performance.now() - checked, polls };
}

const file = generateFile(rows);
const say = (line: string) => process.stdout.write(`${line}\n`);
say(`${rows} rows, ${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB; ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
for (const database of databases) {
  const t = await startTestApp(database === 'postgres' ? { DATABASE_URL: postgresUrl } : {});
  try {
    const token = await t.signInAdmin();
    await dictionaries(t, token);
    const first = await importOnce(t, token, file);
    const second = await importOnce(t, token, file);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    say(
      `${database}: new catalogue — check ${seconds(first.checkMs)} s, apply ${seconds(first.applyMs)} s (${first.polls} polls), total ${seconds(first.checkMs + first.applyMs)} s; ` +
        `same file again (updates) — check ${seconds(second.checkMs)} s, apply ${seconds(second.applyMs)} s, total ${seconds(second.checkMs + second.applyMs)} s`,
    );
  } finally {
    await t.close();
  }
}
