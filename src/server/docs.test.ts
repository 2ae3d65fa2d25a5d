// The docs match the code: README's configuration table names every variable env.ts reads, its
// layout names every folder, and every ADR carries a date.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envSchema } from './env.ts';

const root = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The text of a README section, up to the next `## ` heading. */
function section(heading: string) {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

function envVariables(): string[] {
  let schema: z.ZodTypeAny = envSchema;
  while (schema instanceof z.ZodEffects) schema = schema.innerType();
  if (!(schema instanceof z.ZodObject)) throw new Error('env.ts: expected an object schema under its refinements');
  return Object.keys(schema.shape as z.ZodRawShape);
}

/** Variables in the first column of the configuration table (a cell may name several). */
function documentedVariables(): string[] {
  return section('Configuration')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

/** Paths the Layout block documents: top-level lines are paths, indented ones sit under the last top-level folder. */
function documentedPaths(): string[] {
  const block = /```\n([\s\S]*?)```/.exec(section('Layout'))?.[1];
  if (!block) throw new Error('README Layout has no code block');
  const paths: string[] = [];
  let parent = '';
  for (const line of block.split('\n').filter(Boolean)) {
    const indented = line.startsWith(' ');
    const names = line
      .trim()
      .split(/\s{2,}/)[0]!
      .split(/,\s*/);
    for (const name of names) {
      const full = indented ? parent + name : name;
      paths.push(full.replace(/\/$/, ''));
      if (!indented && name.endsWith('/')) parent = name;
    }
  }
  return paths;
}

/** Folders one level below each of `parents` ('' is the repository's top), without hidden or git-ignored ones. */
function folders(parents: string[]): string[] {
  const ignored = fs
    .readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('/') && !line.includes('*'))
    .map((line) => line.replace(/^\/|\/$/g, ''));
  return parents.flatMap((parent) =>
    fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => parent + entry.name)
      .filter((folder) => !ignored.includes(folder) && !ignored.includes(path.basename(folder))),
  );
}

describe('README', () => {
  it('lists every environment variable env.ts reads, and none it does not', () => {
    const read = envVariables();
    const documented = documentedVariables();
    expect(read.length).toBeGreaterThan(20);
    expect(
      read.filter((name) => !documented.includes(name)),
      'read by env.ts, missing from README',
    ).toEqual([]);
    expect(
      documented.filter((name) => !read.includes(name)),
      'in README, not read by env.ts',
    ).toEqual([]);
  });

  it('names every folder of the repository, src/, src/server/, src/shared/ and src/client/ in its layout', () => {
    const documented = documentedPaths();
    const existing = folders(['', 'src/', 'src/server/', 'src/shared/', 'src/client/']);
    expect(existing).toContain('src/server/mail');
    // A documented deeper path (docs/decisions) names its parent too.
    const missing = existing.filter((folder) => !documented.some((p) => p === folder || p.startsWith(`${folder}/`)));
    expect(missing).toEqual([]);
  });
});

describe('ADRs', () => {
  it('each carries a date on its status line', () => {
    const dir = path.join(root, 'docs/decisions');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const undated = files.filter((f) => !/^Status: .*\b\d{4}-\d{2}-\d{2}\b/m.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(undated).toEqual([]);
  });
});
