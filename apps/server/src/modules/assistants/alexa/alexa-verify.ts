/**
 * Verifies that a request was sent by Alexa, as "Host a Custom Skill as a Web Service" requires
 * (https://developer.amazon.com/en-US/docs/alexa/custom-skills/host-a-custom-skill-as-a-web-service.html#verify-request-sent-by-alexa):
 * the SignatureCertChainUrl's form, the downloaded chain (leaf in date, `echo-api.amazon.com` in
 * its SANs, every certificate chaining to a trusted root), `Signature-256` over the raw body, the
 * 150 s timestamp window and the skill's application id. Pure but for the chain's fetch.
 */
import { verify as verifySignature, X509Certificate } from 'node:crypto';

/** The rules of Amazon's reference; production never relaxes them. */
export const ALEXA_CERT_HOST = 's3.amazonaws.com';
export const ALEXA_CERT_PATH = '/echo.api/';
export const ALEXA_SIGNING_SAN = 'echo-api.amazon.com';
/** How far a request's timestamp may be from now. */
export const ALEXA_TIMESTAMP_TOLERANCE_MS = 150_000;

/** Why a request was refused, or null when it passed. */
export type Refusal = string | null;

/**
 * The SignatureCertChainUrl rule: https, host s3.amazonaws.com (any case), a path beginning
 * `/echo.api/` (case-sensitive) once `..` is resolved, port absent or 443.
 */
export function amazonCertUrlRule(raw: string): Refusal {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The certificate chain URL is not a URL.';
  }
  // WHATWG URL lower-cases scheme and host, resolves `.`/`..` (also %2e) and drops port 443.
  if (url.protocol !== 'https:') return 'The certificate chain URL must use https.';
  if (url.hostname !== ALEXA_CERT_HOST) return 'The certificate chain URL has the wrong host.';
  if (url.port !== '') return 'The certificate chain URL has the wrong port.';
  if (!url.pathname.startsWith(ALEXA_CERT_PATH)) return 'The certificate chain URL has the wrong path.';
  return null;
}

/** The certificates of a PEM bundle, in order; throws on anything that is not a certificate. */
export function parsePemChain(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((b) => new X509Certificate(b));
}

const inDate = (cert: X509Certificate, now: Date) =>
  new Date(cert.validFrom).getTime() <= now.getTime() && now.getTime() <= new Date(cert.validTo).getTime();

const hasSan = (cert: X509Certificate, name: string) =>
  (cert.subjectAltName ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .includes(`dns:${name}`);

const issuedBy = (child: X509Certificate, parent: X509Certificate) =>
  child.checkIssued(parent) && child.verify(parent.publicKey);

/**
 * Checks a signing chain: leaf first, every certificate in date, the leaf naming
 * echo-api.amazon.com, each one signed by the next and the last by (or being) a trusted root.
 */
export function checkChain(
  chain: readonly X509Certificate[],
  roots: readonly X509Certificate[],
  now: Date,
): Refusal {
  const leaf = chain[0];
  if (!leaf) return 'The certificate chain is empty.';
  if (!chain.every((c) => inDate(c, now))) return 'A certificate of the chain is expired or not yet valid.';
  if (!hasSan(leaf, ALEXA_SIGNING_SAN)) return `The signing certificate does not name ${ALEXA_SIGNING_SAN}.`;
  for (let i = 0; i + 1 < chain.length; i++) {
    if (!chain[i + 1]!.ca || !issuedBy(chain[i]!, chain[i + 1]!)) return 'The certificate chain is broken.';
  }
  const last = chain[chain.length - 1]!;
  const trusted = roots.some(
    (root) =>
      root.fingerprint256 === last.fingerprint256 || (root.ca && inDate(root, now) && issuedBy(last, root)),
  );
  return trusted ? null : 'The certificate chain does not lead to a trusted root.';
}

/** Signature-256: base64 RSA-SHA256 of the exact bytes received, by the leaf's key. */
export function checkSignature(leaf: X509Certificate, signature: string | undefined, raw: Buffer): Refusal {
  if (!signature) return 'The request is not signed.';
  const bytes = Buffer.from(signature, 'base64');
  try {
    return verifySignature('sha256', raw, leaf.publicKey, bytes)
      ? null
      : 'The request signature does not match.';
  } catch {
    return 'The request signature does not match.';
  }
}

/** request.timestamp within 150 s of now, either way. */
export function checkTimestamp(timestamp: string | undefined, now: Date): Refusal {
  const at = timestamp ? Date.parse(timestamp) : Number.NaN;
  if (!Number.isFinite(at)) return 'The request has no valid timestamp.';
  return Math.abs(now.getTime() - at) <= ALEXA_TIMESTAMP_TOLERANCE_MS ? null : 'The request is too old.';
}

/** The request names this skill (context.System.application, and session.application when present). */
export function checkApplication(
  ids: { system: string | undefined; session: string | undefined },
  skillId: string | undefined,
): Refusal {
  if (!skillId) return 'This server has no Alexa skill configured.';
  if (ids.system !== skillId) return 'The request is for another skill.';
  if (ids.session !== undefined && ids.session !== skillId) return 'The request is for another skill.';
  return null;
}
