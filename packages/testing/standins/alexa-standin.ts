/**
 * A local stand-in for Alexa sending skill requests (Amazon's service is unreachable from tests),
 * signed exactly as Alexa signs them. References:
 *
 * - Verifying requests: the `SignatureCertChainUrl` and `Signature-256` headers (base64 RSA-SHA256
 *   of the raw body), the chain URL's form (https, s3.amazonaws.com, /echo.api/, port 443), the
 *   PEM chain (leaf first, `echo-api.amazon.com` in its SANs, a chain to a trusted root) and the
 *   150-second timestamp window:
 *   https://developer.amazon.com/en-US/docs/alexa/custom-skills/host-a-custom-skill-as-a-web-service.html
 * - The request envelope (`version`, `session` with `attributes`, `application`, `user.accessToken`;
 *   `context.System`; `request` with `type`, `requestId`, `timestamp`, `locale`, `intent.slots`):
 *   https://developer.amazon.com/en-US/docs/alexa/custom-skills/request-and-response-json-reference.html,
 *   https://developer.amazon.com/en-US/docs/alexa/custom-skills/request-types-reference.html
 *
 * The certificates are made for each run (node-forge): a root CA → an intermediate → signing
 * leaves (valid; expired; without the SAN). The chains are served over HTTP from a local server;
 * requests name Amazon's own chain URL (`https://s3.amazonaws.com/echo.api/<name>.pem`), so the
 * app's production URL rule judges them, and tests only map that URL to the local server
 * (`fetchChain`) and trust the test root (`trustedRoots`).
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

/** The chains the stand-in signs with. */
export type AlexaChainName = 'valid' | 'expired' | 'no-san';

interface Issued {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  keyPem: string;
}

const DAY = 86_400_000;

function keyPair() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  return { key, keyPem, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

let serial = 1;

function issue(options: {
  cn: string;
  from: Date;
  to: Date;
  ca: boolean;
  san?: string[];
  issuer?: Issued;
}): Issued {
  const { key, keyPem, publicKey } = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = options.from;
  cert.validity.notAfter = options.to;
  const subject = [
    { name: 'commonName', value: options.cn },
    { name: 'organizationName', value: 'Parley Test' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.cert.subject.attributes : subject);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: options.ca, critical: true },
    options.ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, critical: true },
  ];
  if (options.san)
    extensions.push({ name: 'subjectAltName', altNames: options.san.map((value) => ({ type: 2, value })) });
  cert.setExtensions(extensions);
  cert.sign(options.issuer?.key ?? key, forge.md.sha256.create());
  return { cert, key, keyPem };
}

const pem = (...certs: Issued[]) => certs.map((c) => forge.pki.certificateToPem(c.cert)).join('');

/** The test PKI: the root to trust, and per chain its PEM (leaf first) and the leaf's private key. */
export interface AlexaCertificates {
  rootPem: string;
  chains: Record<AlexaChainName, { pem: string; keyPem: string }>;
}

/** Makes the test PKI, dated around `now` (the app's clock): the expired leaf ended a day before it. */
export function createAlexaCertificates(now: Date): AlexaCertificates {
  const t = now.getTime();
  const root = issue({
    cn: 'Parley Test Root CA',
    from: new Date(t - 365 * DAY),
    to: new Date(t + 3650 * DAY),
    ca: true,
  });
  const inter = issue({
    cn: 'Parley Test Intermediate CA',
    from: new Date(t - 365 * DAY),
    to: new Date(t + 3650 * DAY),
    ca: true,
    issuer: root,
  });
  const leaf = (from: number, to: number, san?: string[]) =>
    issue({
      cn: 'echo-api.amazon.com',
      from: new Date(from),
      to: new Date(to),
      ca: false,
      san,
      issuer: inter,
    });
  const valid = leaf(t - DAY, t + 365 * DAY, ['echo-api.amazon.com']);
  const expired = leaf(t - 365 * DAY, t - DAY, ['echo-api.amazon.com']);
  const noSan = leaf(t - DAY, t + 365 * DAY, ['example.amazon.com']);
  return {
    rootPem: pem(root),
    chains: {
      valid: { pem: pem(valid, inter), keyPem: valid.keyPem },
      expired: { pem: pem(expired, inter), keyPem: expired.keyPem },
      'no-san': { pem: pem(noSan, inter), keyPem: noSan.keyPem },
    },
  };
}

/** Amazon's URL of a chain, as Alexa names it in SignatureCertChainUrl. */
export const amazonChainUrl = (name: AlexaChainName) => `https://s3.amazonaws.com/echo.api/${name}.pem`;

/** A running chain host: its base URL, the fetcher that maps Amazon's URLs onto it, how many downloads it served. */
export interface AlexaChainHost {
  url: string;
  /** BuildOptions.alexa.fetchChain: Amazon's chain URL → this host's copy (any other URL fails). */
  fetchChain(url: string): Promise<string>;
  downloads(): number;
  close(): Promise<void>;
}

/** Serves the chains at `/echo.api/<name>.pem` on a local port. */
export async function startAlexaChainHost(certs: AlexaCertificates): Promise<AlexaChainHost> {
  let count = 0;
  const server = createServer((req, res) => {
    const name = /^\/echo\.api\/([a-z-]+)\.pem$/.exec(req.url ?? '')?.[1] as AlexaChainName | undefined;
    const chain = name ? certs.chains[name] : undefined;
    if (req.method !== 'GET' || !chain) return void res.writeHead(404).end();
    count++;
    res.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(chain.pem);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    fetchChain: async (url) => {
      const u = new URL(url);
      const res = await fetch(`${base}${u.pathname}`);
      if (!res.ok) throw new Error(`chain host: ${res.status}`);
      return res.text();
    },
    downloads: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a skill request carries. */
export interface AlexaRequestOptions {
  applicationId: string;
  /** The request's time (ISO); Alexa stamps it when it sends. */
  timestamp: string;
  accessToken?: string;
  sessionId?: string;
  newSession?: boolean;
  attributes?: Record<string, unknown>;
}

type Kind =
  | { type: 'LaunchRequest' }
  | { type: 'SessionEndedRequest'; reason?: string }
  | { type: 'IntentRequest'; intent: string; slots?: Record<string, string> };

/** A skill request envelope as Alexa sends it. */
export function alexaRequest(kind: Kind, o: AlexaRequestOptions): Record<string, unknown> {
  const user = { userId: 'amzn1.ask.account.TEST', ...(o.accessToken ? { accessToken: o.accessToken } : {}) };
  const application = { applicationId: o.applicationId };
  const request: Record<string, unknown> = {
    type: kind.type,
    requestId: `amzn1.echo-api.request.${randomUUID()}`,
    timestamp: o.timestamp,
    locale: 'en-US',
  };
  if (kind.type === 'SessionEndedRequest') request.reason = kind.reason ?? 'USER_INITIATED';
  if (kind.type === 'IntentRequest') {
    const slots = Object.fromEntries(
      Object.entries(kind.slots ?? {}).map(([name, value]) => [
        name,
        { name, value, confirmationStatus: 'NONE' },
      ]),
    );
    request.intent = { name: kind.intent, confirmationStatus: 'NONE', slots };
  }
  return {
    version: '1.0',
    session: {
      new: o.newSession ?? kind.type === 'LaunchRequest',
      sessionId: o.sessionId ?? `amzn1.echo-api.session.${randomUUID()}`,
      application,
      attributes: o.attributes ?? {},
      user,
    },
    context: {
      System: {
        application,
        user,
        device: { deviceId: 'amzn1.ask.device.TEST', supportedInterfaces: {} },
        apiEndpoint: 'https://api.amazonalexa.com',
      },
    },
    request,
  };
}

/** The raw body and headers of a signed request (sign the exact bytes sent). */
export function signAlexaRequest(
  body: string,
  signer: { keyPem: string; certUrl: string },
): { payload: string; headers: Record<string, string> } {
  const signature = sign('sha256', Buffer.from(body), signer.keyPem).toString('base64');
  return {
    payload: body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      signaturecertchainurl: signer.certUrl,
      'signature-256': signature,
    },
  };
}
