// Prisma's parameterization graph, renumbered so that the client holds it in a fraction of the
// memory (ADR 0027).
//
// The generated client carries `parameterizationSchema = { strings, graph }`: `graph` is a binary
// table of nodes whose edges are keyed by an index into `strings`. At start the client decodes each
// node's edges into a plain object keyed by those indices, and V8 stores such an object as an array
// as long as its largest key: 3,243 nodes with keys up to 930 took 15 MB of heap for 27,000 edges.
// Numbering the strings by how often they key an edge (the most used get the smallest numbers)
// shortens those arrays; the strings and every index into them move together, so the client reads
// the same graph. The binary layout below is the one @prisma/client's runtime reads; if a new
// version changes it, re-encoding the graph no longer reproduces it byte for byte and the graph is
// left as Prisma wrote it.

export interface ParameterizationSchema {
  strings: string[];
  graph: string;
}

type Optional = number | undefined;
interface InputEdge {
  key: number;
  scalarMask: number;
  childNodeId: Optional;
  enumNameIndex: Optional;
  flags: number;
}
interface OutputEdge {
  key: number;
  argsNodeId: Optional;
  outputNodeId: Optional;
}
interface Root {
  nameIndex: number;
  argsNodeId: Optional;
  outputNodeId: Optional;
}
export interface Graph {
  inputNodes: InputEdge[][];
  outputNodes: OutputEdge[][];
  roots: Root[];
}

export function decodeGraph(graph: string): Graph {
  const bytes = Buffer.from(graph, 'base64url');
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new Error('the parameterization graph ends early');
    return bytes[at++]!;
  };
  const varint = () => {
    let value = 0;
    let shift = 0;
    let next: number;
    do {
      next = byte();
      value |= (next & 127) << shift;
      shift += 7;
    } while (next >= 128);
    return value;
  };
  const optional = (): Optional => {
    const value = varint();
    return value === 0 ? undefined : value - 1;
  };
  const uint16 = () => byte() | (byte() << 8);
  const list = <T>(count: number, read: () => T) => Array.from({ length: count }, read);

  const [inputCount, outputCount, rootCount] = [varint(), varint(), varint()];
  const inputNodes = list(inputCount, () =>
    list(varint(), () => ({ key: varint(), scalarMask: uint16(), childNodeId: optional(), enumNameIndex: optional(), flags: byte() })),
  );
  const outputNodes = list(outputCount, () => list(varint(), () => ({ key: varint(), argsNodeId: optional(), outputNodeId: optional() })));
  const roots = list(rootCount, () => ({ nameIndex: varint(), argsNodeId: optional(), outputNodeId: optional() }));
  if (at !== bytes.length) throw new Error('the parameterization graph has bytes after its last root');
  return { inputNodes, outputNodes, roots };
}

export function encodeGraph({ inputNodes, outputNodes, roots }: Graph): string {
  const bytes: number[] = [];
  const varint = (value: number) => {
    do {
      bytes.push((value & 127) | (value > 127 ? 128 : 0));
      value >>>= 7;
    } while (value > 0);
  };
  const optional = (value: Optional) => varint(value === undefined ? 0 : value + 1);
  varint(inputNodes.length);
  varint(outputNodes.length);
  varint(roots.length);
  for (const edges of inputNodes) {
    varint(edges.length);
    for (const edge of edges) {
      varint(edge.key);
      bytes.push(edge.scalarMask & 255, edge.scalarMask >> 8);
      optional(edge.childNodeId);
      optional(edge.enumNameIndex);
      bytes.push(edge.flags);
    }
  }
  for (const edges of outputNodes) {
    varint(edges.length);
    for (const edge of edges) {
      varint(edge.key);
      optional(edge.argsNodeId);
      optional(edge.outputNodeId);
    }
  }
  for (const root of roots) {
    varint(root.nameIndex);
    optional(root.argsNodeId);
    optional(root.outputNodeId);
  }
  return Buffer.from(bytes).toString('base64url');
}

/**
 * The same schema with its strings numbered by how many edges they key, most first (ties keep
 * Prisma's order), and each node's edges in ascending key order: V8 then grows the node's array a
 * step at a time to just past its largest key (5.7 MB in all), where writing the largest key first
 * sizes it half as long again (6.1 MB). Null when the graph is not in the layout this file knows.
 */
export function compactSchema(schema: ParameterizationSchema): ParameterizationSchema | null {
  let graph: Graph;
  try {
    graph = decodeGraph(schema.graph);
  } catch {
    return null;
  }
  if (encodeGraph(graph) !== schema.graph) return null;
  // The client finds a string's number through a map from the string: a repeated string would
  // resolve to whichever copy comes last, so its numbering must not move.
  if (new Set(schema.strings).size !== schema.strings.length) return null;

  const uses = new Array<number>(schema.strings.length).fill(0);
  for (const edges of [...graph.inputNodes, ...graph.outputNodes]) for (const { key } of edges) uses[key]!++;
  const order = schema.strings.map((_, index) => index).sort((a, b) => uses[b]! - uses[a]! || a - b);
  const renumbered = new Array<number>(order.length);
  order.forEach((oldIndex, newIndex) => (renumbered[oldIndex] = newIndex));
  const to = (index: number) => renumbered[index]!;
  const ascending = <T extends { key: number }>(edges: T[]) => edges.sort((a, b) => a.key - b.key);

  return {
    strings: order.map((index) => schema.strings[index]!),
    graph: encodeGraph({
      inputNodes: graph.inputNodes.map((edges) =>
        ascending(edges.map((edge) => ({ ...edge, key: to(edge.key), enumNameIndex: edge.enumNameIndex === undefined ? undefined : to(edge.enumNameIndex) }))),
      ),
      outputNodes: graph.outputNodes.map((edges) => ascending(edges.map((edge) => ({ ...edge, key: to(edge.key) })))),
      roots: graph.roots.map((root) => ({ ...root, nameIndex: to(root.nameIndex) })),
    }),
  };
}

/** How the generated client (internal/class.ts) sets the schema. */
const CLIENT_ASSIGNMENT = /config\.parameterizationSchema = \{\n {2}strings: JSON\.parse\(("(?:[^"\\]|\\.)*")\),\n {2}graph: "([A-Za-z0-9_-]*)"\n\}/;

/** The schema the generated client's source sets, or null if the source sets it some other way. */
export function clientSchema(source: string): ParameterizationSchema | null {
  const found = CLIENT_ASSIGNMENT.exec(source);
  return found ? { strings: JSON.parse(JSON.parse(found[1]!) as string) as string[], graph: found[2]! } : null;
}

/** The generated client's source with its schema compacted, or null if it cannot be. */
export function compactClientSource(source: string): string | null {
  const schema = clientSchema(source);
  const compact = schema && compactSchema(schema);
  if (!compact) return null;
  const assignment = `config.parameterizationSchema = {\n  strings: JSON.parse(${JSON.stringify(JSON.stringify(compact.strings))}),\n  graph: "${compact.graph}"\n}`;
  return source.replace(CLIENT_ASSIGNMENT, () => assignment);
}
