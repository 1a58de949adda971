/**
 * The whole check of one Alexa request (alexa-verify.ts holds the rules): cheap checks first
 * (headers, chain URL, timestamp, application id), then the chain's download and the signature.
 */
import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { CertChainCache, type ChainFetcher, httpsChainFetcher } from './alexa-cert-chains';
import { type AlexaEnvelope, parseEnvelope } from './alexa-envelope';
import {
  amazonCertUrlRule,
  checkApplication,
  checkChain,
  checkSignature,
  checkTimestamp,
  type Refusal,
} from './alexa-verify';

/**
 * Test-only substitutes (BuildOptions.alexa): the roots a chain must reach, the chain URL rule
 * (to fetch from a local stand-in) and the fetcher. Production uses Node's root store, Amazon's
 * URL rule and an https GET.
 */
export interface AlexaTrustOptions {
  /** PEM root certificates; default Node's `tls.rootCertificates`. */
  trustedRoots?: readonly string[];
  /** The SignatureCertChainUrl rule; default amazonCertUrlRule. */
  certUrlRule?: (url: string) => Refusal;
  fetchChain?: ChainFetcher;
}

/** What the verifier is built from. */
export interface AlexaVerifierDeps {
  skillId: string | undefined;
  clock: () => Date;
  trust?: AlexaTrustOptions;
}

/** The outcome: the parsed request, or why it was refused (answered 400). */
export type Verified = { ok: true; envelope: AlexaEnvelope } | { ok: false; reason: string };

let nodeRoots: X509Certificate[] | null = null;
const defaultRoots = () => {
  nodeRoots ??= rootCertificates.map((pem) => new X509Certificate(pem));
  return nodeRoots;
};

/** Verifies requests as Amazon requires before anything of them is read or done. */
export class AlexaRequestVerifier {
  private readonly chains: CertChainCache;
  private readonly roots: () => readonly X509Certificate[];
  private readonly urlRule: (url: string) => Refusal;

  constructor(private readonly deps: AlexaVerifierDeps) {
    const trust = deps.trust ?? {};
    this.chains = new CertChainCache({
      fetchChain: trust.fetchChain ?? httpsChainFetcher,
      clock: deps.clock,
    });
    const custom = trust.trustedRoots?.map((pem) => new X509Certificate(pem));
    this.roots = custom ? () => custom : defaultRoots;
    this.urlRule = trust.certUrlRule ?? amazonCertUrlRule;
  }

  /** Checks the headers and raw body of one request. */
  async verify(headers: Record<string, string | string[] | undefined>, raw: Buffer): Promise<Verified> {
    const refuse = (reason: string): Verified => ({ ok: false, reason });
    const certUrl = header(headers, 'signaturecertchainurl');
    const signature = header(headers, 'signature-256');
    if (!certUrl) return refuse('The request has no certificate chain URL.');
    if (!signature) return refuse('The request is not signed.');
    const urlRefusal = this.urlRule(certUrl);
    if (urlRefusal) return refuse(urlRefusal);
    const envelope = parseEnvelope(raw);
    if (!envelope) return refuse('The request is not an Alexa skill request.');
    const now = this.deps.clock();
    const early =
      checkTimestamp(envelope.request.timestamp, now) ??
      checkApplication(
        {
          system: envelope.context?.System.application.applicationId,
          session: envelope.session?.application?.applicationId,
        },
        this.deps.skillId,
      );
    if (early) return refuse(early);
    let chain: X509Certificate[];
    try {
      chain = await this.chains.get(certUrl);
    } catch {
      return refuse('The certificate chain could not be downloaded.');
    }
    const late = checkChain(chain, this.roots(), now) ?? checkSignature(chain[0]!, signature, raw);
    return late ? refuse(late) : { ok: true, envelope };
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
