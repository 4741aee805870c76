// A local server speaking the VIES REST wire format (the European Commission's VAT number check),
// for the fetch-based VIES adapter: give it `baseUrl` (VIES_URL). No test-runner imports.
//   POST /check-vat-number {countryCode, vatNumber}
//     -> 200 {countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address, userError: 'VALID'|'INVALID'}
//     -> 400 {actionSucceed: false, errorWrappers: [{error: 'INVALID_INPUT'}]} for a malformed body
//   down(true, how) makes it unreachable the ways VIES is:
//     'unavailable' (default): 500 {actionSucceed: false, errorWrappers: [{error: 'MS_UNAVAILABLE'}]}
//     'userError': 200 with valid false and userError 'MS_MAX_CONCURRENT_REQ' (busy member state)
//     'http': 503 with an HTML page          'network': the connection drops
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ViesDownMode = 'unavailable' | 'userError' | 'http' | 'network';

export interface ViesFakeCompany {
  name: string;
  address: string;
}

export interface ViesFakeRequest {
  path: string;
  body: unknown;
}

export interface ViesFake {
  /** e.g. http://127.0.0.1:40123: VIES_URL, or `viesUrl` in the app config. */
  baseUrl: string;
  /** Every call, in order. */
  requests: ViesFakeRequest[];
  /** Registers a valid number ('FR12345678901', prefix included); every other number is invalid. */
  addValid(fullNumber: string, company?: Partial<ViesFakeCompany>): void;
  down(on: boolean, how?: ViesDownMode): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

export async function startViesFake(options: { valid?: Record<string, Partial<ViesFakeCompany>> } = {}): Promise<ViesFake> {
  const valid = new Map<string, ViesFakeCompany>();
  const requests: ViesFakeRequest[] = [];
  let downMode: ViesDownMode | null = null;
  const addValid = (fullNumber: string, company: Partial<ViesFakeCompany> = {}) =>
    valid.set(fullNumber.toUpperCase(), {
      name: company.name ?? 'SOCIETE TEST',
      address: company.address ?? '1 RUE DE LA PAIX\n75002 PARIS',
    });
  for (const [number, company] of Object.entries(options.valid ?? {})) addValid(number, company);

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const body = await readJson(req);
    requests.push({ path, body });
    if (downMode === 'network') return req.socket.destroy();
    if (downMode === 'http') {
      res.writeHead(503, { 'Content-Type': 'text/html' });
      return res.end('<html><body>Service Unavailable</body></html>');
    }
    if (downMode === 'unavailable')
      return json(res, 500, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE', message: null }] });
    if (req.method !== 'POST' || path !== '/check-vat-number')
      return json(res, 404, { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] });

    const { countryCode, vatNumber } = (body ?? {}) as { countryCode?: unknown; vatNumber?: unknown };
    if (
      typeof countryCode !== 'string' ||
      !/^[A-Z]{2}$/.test(countryCode) ||
      typeof vatNumber !== 'string' ||
      !/^[0-9A-Za-z+*.]{2,12}$/.test(vatNumber)
    ) {
      return json(res, 400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT', message: null }] });
    }
    const base = { countryCode, vatNumber, requestDate: new Date().toISOString(), requestIdentifier: '' };
    if (downMode === 'userError')
      return json(res, 200, { ...base, valid: false, name: '---', address: '---', userError: 'MS_MAX_CONCURRENT_REQ' });
    const company = valid.get(`${countryCode}${vatNumber}`.toUpperCase());
    if (!company) return json(res, 200, { ...base, valid: false, name: '---', address: '---', userError: 'INVALID' });
    return json(res, 200, { ...base, valid: true, ...company, userError: 'VALID' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    addValid,
    down(on, how = 'unavailable') {
      downMode = on ? how : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
