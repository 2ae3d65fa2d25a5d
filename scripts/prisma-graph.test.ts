import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Graph, type ParameterizationSchema, clientSchema, compactClientSource, compactSchema, decodeGraph, encodeGraph } from './prisma-graph.ts';

/** The graph with every index into `strings` replaced by its string: what the client looks up. */
function byName({ strings, graph }: ParameterizationSchema) {
  const { inputNodes, outputNodes, roots } = decodeGraph(graph);
  const name = (index: number | undefined) => (index === undefined ? undefined : strings[index]);
  const edgesByName = <T extends { key: number }>(edges: T[], rest: (edge: T) => object) =>
    Object.fromEntries(edges.map((edge) => [name(edge.key), rest(edge)]));
  return {
    inputNodes: inputNodes.map((edges) => edgesByName(edges, ({ key: _, enumNameIndex, ...edge }) => ({ ...edge, enumName: name(enumNameIndex) }))),
    outputNodes: outputNodes.map((edges) => edgesByName(edges, ({ key: _, ...edge }) => edge)),
    roots: Object.fromEntries(roots.map(({ nameIndex, ...root }) => [name(nameIndex), root])),
  };
}

const strings = ['findManyUser', 'Role', 'unused', 'where', 'id', 'role', 'email', 'select'];
// Two input nodes and two output nodes; "where", "id" and "role" key the most edges but sit late in `strings`.
const graph: Graph = {
  inputNodes: [
    [
      { key: 3, scalarMask: 0, childNodeId: 1, enumNameIndex: undefined, flags: 32 },
      { key: 7, scalarMask: 0, childNodeId: undefined, enumNameIndex: undefined, flags: 32 },
    ],
    [
      { key: 4, scalarMask: 1, childNodeId: undefined, enumNameIndex: undefined, flags: 1 },
      { key: 5, scalarMask: 0, childNodeId: undefined, enumNameIndex: 1, flags: 2 },
      { key: 6, scalarMask: 300, childNodeId: undefined, enumNameIndex: undefined, flags: 1 },
      { key: 3, scalarMask: 0, childNodeId: 1, enumNameIndex: undefined, flags: 16 },
    ],
  ],
  outputNodes: [
    [
      { key: 4, argsNodeId: undefined, outputNodeId: undefined },
      { key: 5, argsNodeId: undefined, outputNodeId: 1 },
    ],
    [{ key: 4, argsNodeId: 0, outputNodeId: undefined }],
  ],
  roots: [{ nameIndex: 0, argsNodeId: 0, outputNodeId: 0 }],
};
const schema: ParameterizationSchema = { strings, graph: encodeGraph(graph) };

describe("Prisma's parameterization graph", () => {
  it('decodes what it encodes, indices past one byte and the two-byte scalar mask included', () => {
    const wide: Graph = { ...graph, roots: [...graph.roots, { nameIndex: 300, argsNodeId: 1000, outputNodeId: undefined }] };
    expect(decodeGraph(encodeGraph(wide))).toEqual(wide);
  });

  it('numbers the strings by how many edges they key, and the client reads the same graph', () => {
    const compact = compactSchema(schema)!;
    // "id" keys three edges; "where" and "role" two each, in Prisma's order.
    expect(compact.strings.slice(0, 3)).toEqual(['id', 'where', 'role']);
    expect(compact.strings).toHaveLength(strings.length);
    expect(byName(compact)).toEqual(byName(schema));
    const keys = decodeGraph(compact.graph).inputNodes.flatMap((edges) => edges.map(({ key }) => key));
    expect(Math.max(...keys)).toBeLessThan(Math.max(...decodeGraph(schema.graph).inputNodes.flatMap((edges) => edges.map(({ key }) => key))));
  });

  it("writes each node's edges in ascending key order", () => {
    for (const edges of decodeGraph(compactSchema(schema)!.graph).inputNodes) {
      const keys = edges.map(({ key }) => key);
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
    }
  });

  it('leaves a graph it cannot read as it is', () => {
    expect(compactSchema({ strings, graph: `${schema.graph}AA` })).toBeNull();
    expect(compactSchema({ strings, graph: schema.graph.slice(0, -4) })).toBeNull();
    expect(compactSchema({ strings: [...strings.slice(0, -1), 'where'], graph: schema.graph })).toBeNull();
  });

  it('is compact in the generated client (npm run db:generate)', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '../src/generated/prisma/internal/class.ts'), 'utf8');
    const generated = clientSchema(source)!;
    expect(generated.strings.length).toBeGreaterThan(100);
    // Compacting it again changes nothing: its strings are already in order of use.
    expect(compactSchema(generated)).toEqual(generated);
    expect(compactClientSource(source)).toBe(source);
  });
});
