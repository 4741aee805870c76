import type { ChunkingContext } from 'rolldown';

const ENTRY = /[\\/]client[\\/]src[\\/]main\.tsx$/;

/**
 * The chunk of our own modules every page runs (issue 18): the ones the entry imports statically,
 * directly or not. Left to the automatic splitting, those also imported by a lazy page came as a
 * dozen files under 1 kB each, every one a request before the page is alive. Together they are one.
 */
export function shellChunkName(): (id: string, ctx: ChunkingContext) => string | null {
  const fromEntry = new Map<string, boolean>();
  const reachedFromEntry = (id: string, ctx: ChunkingContext, path: Set<string>): boolean => {
    const known = fromEntry.get(id);
    if (known !== undefined) return known;
    if (ENTRY.test(id)) return true;
    if (path.has(id)) return false; // an import cycle: decided by another importer
    path.add(id);
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    const reached = importers.some((importer) => reachedFromEntry(importer, ctx, path));
    path.delete(id);
    fromEntry.set(id, reached);
    return reached;
  };
  // The entry itself stays the entry chunk: captured in a group, its body would not run.
  return (id, ctx) => (!id.includes('node_modules') && !ENTRY.test(id) && reachedFromEntry(id, ctx, new Set()) ? 'shell' : null);
}
