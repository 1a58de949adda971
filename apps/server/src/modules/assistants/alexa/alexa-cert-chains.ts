/**
 * Alexa's signing chains by URL, fetched once and kept until the leaf expires (Amazon rotates
 * the chain by publishing it at a new URL, so a URL's content only ages out), at most a day, so
 * one request in many pays for the download.
 */
import type { X509Certificate } from 'node:crypto';
import { parsePemChain } from './alexa-verify';

/** Downloads a PEM chain; production: an https GET with a short timeout and a size cap. */
export type ChainFetcher = (url: string) => Promise<string>;

const MAX_CHAIN_BYTES = 64 * 1024;
const MAX_KEEP_MS = 24 * 3600_000;
const MAX_ENTRIES = 32;

/** The production fetcher: GET, no redirects, 3 s, 64 KiB. */
export const httpsChainFetcher: ChainFetcher = async (url) => {
  const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(3000) });
  if (!res.ok) throw new Error(`certificate chain: HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_CHAIN_BYTES) throw new Error('certificate chain too large');
  return text;
};

/** What the chain cache is built from. */
export interface CertChainDeps {
  fetchChain: ChainFetcher;
  clock: () => Date;
}

interface Kept {
  chain: X509Certificate[];
  until: number;
}

/** Chains by URL with their expiry; a failed download is not kept. */
export class CertChainCache {
  private readonly kept = new Map<string, Kept>();
  private readonly pending = new Map<string, Promise<X509Certificate[]>>();

  constructor(private readonly deps: CertChainDeps) {}

  /** The parsed chain at `url`: kept, or fetched now (one download per URL at a time). */
  async get(url: string): Promise<X509Certificate[]> {
    const now = this.deps.clock().getTime();
    const hit = this.kept.get(url);
    if (hit && hit.until > now) return hit.chain;
    this.kept.delete(url);
    const running = this.pending.get(url);
    if (running) return running;
    const load = this.load(url, now).finally(() => this.pending.delete(url));
    this.pending.set(url, load);
    return load;
  }

  private async load(url: string, now: number): Promise<X509Certificate[]> {
    const chain = parsePemChain(await this.deps.fetchChain(url));
    const leafExpires = chain[0] ? new Date(chain[0].validTo).getTime() : now;
    if (this.kept.size >= MAX_ENTRIES) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(url, { chain, until: Math.min(leafExpires, now + MAX_KEEP_MS) });
    return chain;
  }
}
