import type { OsFamily } from '../constants';

// Which machines fit an order (spec §5 "VPS filtering for an order"). Pure, so the VPS selection
// panel and the server's confirm check read an OS the same way.

const WINDOWS = /win/i; // 'win' also covers 'windows'
const LINUX = /ubuntu|linux|debian|centos/i;

/** The family an order's OS asks for, or null when it names none (then every machine fits). */
export function osFamilyOf(os: string | null | undefined): OsFamily | null {
  if (!os) return null;
  if (WINDOWS.test(os)) return 'windows';
  if (LINUX.test(os)) return 'linux';
  return null;
}

/** Whether a machine of `vpsFamily` may be assigned to an order asking for `orderOs`. */
export function vpsFitsOrderOs(orderOs: string | null | undefined, vpsFamily: OsFamily): boolean {
  const wanted = osFamilyOf(orderOs);
  return wanted === null || wanted === vpsFamily;
}
