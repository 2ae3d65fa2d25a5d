// The docs match the code: README's configuration table names every variable env.ts reads, its
// layout names every folder, and every ADR carries a date, follows the template
// (docs/decisions/template.md) and is in the index (docs/decisions/README.md).
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

const decisions = path.join(root, 'docs/decisions');
/** The ADRs: `NNNN-slug.md` (the folder also holds its README index and the template). */
const adrFiles = fs
  .readdirSync(decisions)
  .filter((f) => /^\d{4}-.+\.md$/.test(f))
  .sort();
const adrText = (file: string) => fs.readFileSync(path.join(decisions, file), 'utf8');

/** A page: words counted as whitespace-separated runs holding a letter or digit (table rules and pipes are not words). */
const PAGE_WORDS = 450;
/** Longer on purpose: 0005 lists product rules written nowhere else (its Context says so). */
const LONGER: Record<string, number> = { '0005': 560 };
const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Why an ADR is not in the template's shape, or null if it is. */
function templateProblem(file: string, number = file.slice(0, 4)): string | null {
  const text = adrText(file);
  const lines = text.split('\n');
  if (!lines[0]?.startsWith(`# ${number} `)) return `title line is not "# ${number} Title"`;
  if (lines[1] !== '' || !/^Status: \S/.test(lines[2] ?? '')) return 'no "Status:" line under the title';
  const headings = lines.filter((line) => line.startsWith('## '));
  if (headings.join('|') !== '## Context|## Decision|## Consequences') return `sections are ${headings.join(', ') || 'none'}`;
  const limit = LONGER[number] ?? PAGE_WORDS;
  if (words(text) > limit) return `${words(text)} words, more than ${limit}`;
  return null;
}

describe('ADRs', () => {
  it('each carries a date on its status line', () => {
    expect(adrFiles.length).toBeGreaterThanOrEqual(8);
    const undated = adrFiles.filter((f) => !/^Status: .*\b\d{4}-\d{2}-\d{2}\b/m.test(adrText(f)));
    expect(undated).toEqual([]);
  });

  it('each follows the template: title, Status, Context, Decision, Consequences, at most a page', () => {
    expect(templateProblem('template.md', 'NNNN'), 'the template itself').toBe(null);
    const problems = adrFiles.map((f) => [f, templateProblem(f)]).filter(([, problem]) => problem);
    expect(problems).toEqual([]);
  });

  it('are all in the index, in order, with their title, status and date, and the index lists no other', () => {
    const index = fs.readFileSync(path.join(decisions, 'README.md'), 'utf8');
    const rows = index.split('\n').filter((line) => line.startsWith('| ['));
    /** The row an ADR's title and status line call for: the status is its first word, or "superseded by NNNN". */
    const expected = adrFiles.map((file) => {
      const [title, , statusLine] = adrText(file).split('\n');
      const status = statusLine!.replace(/^Status: /, '');
      const word = /^superseded by \d{4}/.exec(status)?.[0] ?? status.split(/[\s(.;]/)[0];
      const date = /\d{4}-\d{2}-\d{2}/.exec(status)?.[0];
      return `| [${file.slice(0, 4)}](${file}) | ${title!.slice('# 0000 '.length)} | ${word} | ${date} |`;
    });
    expect(rows).toEqual(expected);
  });
});
