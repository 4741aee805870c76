import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Cycles between server modules (a module: server/modules/<name>, sub-folders included). The file
// rule of .dependency-cruiser.cjs cannot see them: orders → invoices → orders through different
// files is no file cycle, yet neither module can then be changed alone. Run in `npm run lint`.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MODULE = /^server\/modules\/([^/]+)\//;

/** A module-to-module import, and one file import that makes it (for the message). */
export interface ModuleEdge {
  from: string;
  to: string;
  via: string;
}

/** The server's import graph as dependency-cruiser reads it with the project's config. */
export async function cruiseServer(paths: string[], baseDir = ROOT): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(join(ROOT, 'tsconfig.json'));
  const result = await cruise(paths, { ...options, baseDir }, undefined, { tsConfig });
  return result.output as ICruiseResult;
}

export function moduleEdges(result: ICruiseResult): ModuleEdge[] {
  const edges = new Map<string, ModuleEdge>();
  for (const file of result.modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from) continue;
    for (const dependency of file.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (!to || to === from || edges.has(`${from} -> ${to}`)) continue;
      edges.set(`${from} -> ${to}`, { from, to, via: `${file.source} -> ${dependency.resolved}` });
    }
  }
  return [...edges.values()];
}

/** The groups of modules that reach each other (Tarjan), each with the edges that tie it. */
export function moduleCycles(edges: ModuleEdge[]): ModuleEdge[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group);
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return groups.map((group) => edges.filter((edge) => group.includes(edge.from) && group.includes(edge.to)));
}

async function main() {
  const edges = moduleEdges(await cruiseServer(['server']));
  const cycles = moduleCycles(edges);
  for (const cycle of cycles) {
    console.error('error no-module-cycle: these modules import each other:');
    for (const edge of cycle) console.error(`  ${edge.from} -> ${edge.to}   (${edge.via})`);
  }
  if (cycles.length) process.exit(1);
  console.log('✔ no cycle between server modules');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
