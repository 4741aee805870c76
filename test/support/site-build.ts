import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_ENTRY, SITE_HYDRATION } from '../../server/http/public-site/page-assets';

/**
 * A client build as far as the server's rendering of public pages reads it: the app's shell
 * (index.html) and the site build's manifest naming its entry and the entry's stylesheets (files
 * written too, with `css`), its hydration and the chunk that imports. Its scripts are not written.
 */
export function writeSiteBuild(clientDir: string, shell: string, css: Record<string, string> = {}): void {
  writeFileSync(join(clientDir, 'index.html'), shell);
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  for (const [file, text] of Object.entries(css)) writeFileSync(join(clientDir, file), text);
  const manifest = {
    [SITE_ENTRY]: { file: 'assets/site-main.js', isEntry: true, css: Object.keys(css) },
    [SITE_HYDRATION]: { file: 'assets/hydrate-page.js', isEntry: true, imports: ['_libraries.js'] },
    '_libraries.js': { file: 'assets/libraries.js' },
  };
  writeFileSync(join(clientDir, '.vite', 'site-manifest.json'), JSON.stringify(manifest));
}
