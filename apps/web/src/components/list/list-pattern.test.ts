/**
 * The one filter pattern (list-definition.ts's header): every list page draws its filters with the kit, from its
 * definition. A file that shows a list of the kit hand-rolls no filter control of antd beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../..');

/** Every source file of the web app (tests excluded). */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A file that shows a list of the kit: it renders ListPage or ListTable, or holds a list's state. */
const USES_LIST_KIT =
  /from '@\/components\/list\/(list-page|list-table|use-list-state)'|from '\.\/(list-page|list-table)'/;
/** antd's controls a page could filter a list with by hand. */
const FILTER_CONTROLS = ['Segmented', 'Radio', 'Select', 'DatePicker', 'Input', 'Checkbox'];

function antdImports(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)].flatMap((m) =>
    m[1].split(',').map((name) => name.trim().replace(/^type\s+/, '')),
  );
}

describe('the one filter pattern', () => {
  it('no list page imports a filter control of antd: its filters are its definition, drawn by the kit', () => {
    const pages = sourceFiles()
      .filter((file) => !file.includes(`${join('components', 'list')}`))
      .filter((file) => USES_LIST_KIT.test(readFileSync(file, 'utf8')));
    // payments, refunds, payment links, disputes, settlements, batches, balance, withdrawals, payouts, services,
    // agreements, team, webhooks, bank accounts, reports.
    expect(pages.length).toBeGreaterThan(15);
    const found = pages.flatMap((file) =>
      antdImports(readFileSync(file, 'utf8'))
        .filter((name) => FILTER_CONTROLS.includes(name))
        .map((name) => `${relative(SRC, file)}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it("the kit's filter bar has no segmented control: a status set is always its select", () => {
    const bar = readFileSync(join(import.meta.dirname, 'list-filter-bar.tsx'), 'utf8');
    expect(antdImports(bar)).toContain('Select');
    expect(antdImports(bar)).not.toContain('Segmented');
  });
});
