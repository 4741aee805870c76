import compression from 'compression';
import { constants } from 'node:zlib';

/**
 * Brotli or gzip for every dynamic text answer the client accepts (JSON, HTML, XML, CSV). Quality 4
 * for brotli and level 6 for gzip: most of the saving for a little CPU per request. Answers that
 * already carry a Content-Encoding (precompressed assets, the catalogue) are left as they are.
 */
export function compressAnswers() {
  return compression({
    threshold: 1024,
    level: 6,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
