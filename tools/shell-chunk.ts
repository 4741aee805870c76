import type { ChunkingContext } from 'rolldown';
import { PUBLIC_PAGES } from '../shared/site/public-pages';

const isPublicPage = (id: string) => PUBLIC_PAGES.some((page) => id.replace(/\\/g, '/').endsWith(`/client/${page.module}`));
// The legal pages share their own chunk (and their own texts): what only they import stays there.
const isLegalPage = (id: string) => /[\\/]features[\\/]legal[\\/]/.test(id);
// Every page renders its title with it: in the shell, a page that needs nothing else of 'site' does not fetch 'site' for it.
const isEveryPages = (id: string) => /[\\/]client[\\/]src[\\/]ui[\\/]page-title\.tsx$/.test(id);

/**
 * Two chunks of our own modules (issue 18). 'shell': what the entry imports statically, directly or
 * not — every page runs it. 'site': what two public pages or more (legal pages aside) import
 * statically, and the entry does not. Left to the automatic splitting, such modules also imported by a lazy screen came as a
 * dozen files under 1 kB each, every one a request before the page is alive.
 */
export function ownChunkName(entry: RegExp): (id: string, ctx: ChunkingContext) => string | null {
  // The roots that reach each module by static imports: 'entry', or the public pages' ids.
  const rootsOf = new Map<string, Set<string>>();
  const roots = (id: string, ctx: ChunkingContext, path: Set<string>): Set<string> => {
    const known = rootsOf.get(id);
    if (known) return known;
    if (entry.test(id)) return new Set(['entry']);
    const found = new Set<string>(isPublicPage(id) && !isLegalPage(id) ? [id] : []);
    if (path.has(id)) return found; // an import cycle: decided by another importer
    path.add(id);
    for (const importer of ctx.getModuleInfo(id)?.importers ?? []) for (const root of roots(importer, ctx, path)) found.add(root);
    path.delete(id);
    rootsOf.set(id, found);
    return found;
  };
  return (id, ctx) => {
    // The entry and the pages stay their own chunks: captured in a group, their bodies would not run.
    if (id.includes('node_modules') || entry.test(id) || isPublicPage(id)) return null;
    const reachedFrom = roots(id, ctx, new Set());
    if (reachedFrom.has('entry') || isEveryPages(id)) return 'shell';
    return reachedFrom.size >= 2 ? 'site' : null;
  };
}
