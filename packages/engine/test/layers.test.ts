/**
 * The engine's value imports form no cycle (the lint config restricts which folder may import
 * which; this checks the whole graph). Type-only imports are erased at run time and not counted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** Relative value imports and re-exports of a file, resolved to .ts paths. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(import|export)(?!\s+type\b)[^;]*?from\s+'(\.[^']+)\.js';/gms)) {
    out.push(resolve(dirname(file), `${m[2]}.ts`));
  }
  return out;
}

/** A cycle in the graph, as a list of files, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | undefined => {
    if (state.get(f) === 'done') return undefined;
    if (state.get(f) === 'open') return [...stack.slice(stack.indexOf(f)), f];
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      const c = visit(g);
      if (c) return c;
    }
    stack.pop();
    state.set(f, 'done');
    return undefined;
  };
  for (const f of graph.keys()) {
    const c = visit(f);
    if (c) return c;
  }
  return undefined;
}

describe('engine layers', () => {
  it('has no cycle of value imports', () => {
    const graph = new Map(sources(SRC).map((f) => [f, valueImports(f)]));
    expect(graph.size).toBeGreaterThan(40);
    expect([...graph.values()].flat().length).toBeGreaterThan(100);
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => relative(SRC, f))).toBeUndefined();
  });

  it('finds a planted cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
