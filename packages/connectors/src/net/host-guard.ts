/**
 * The outbound-host check of DESIGN §8: a source host is resolved once, every address it
 * resolves to is checked against private, loopback, link-local, unique-local, CGNAT, unspecified,
 * multicast/reserved and cloud-metadata ranges, and the caller connects to a checked address
 * (never resolving the name again, which would let DNS rebinding swap in a private address).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { connectionFailure } from '../connection-errors';
import { ConnectorError } from '../connector';

/** A [first bytes, prefix length] range of an address family. */
type TRange = readonly [readonly number[], number];

const V4_FORBIDDEN: TRange[] = [
  [[0], 8], // "this network", 0.0.0.0
  [[10], 8], // private
  [[100, 64], 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  [[127], 8], // loopback
  [[169, 254], 16], // link-local, cloud metadata 169.254.169.254
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

const V6_FORBIDDEN: TRange[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 128], // ::
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128], // ::1
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard-only 100::/64
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x01, 0x00, 0x00], 32], // Teredo (tunnels to arbitrary IPv4)
  [[0xfc], 7], // unique-local (AWS metadata fd00:ec2::254)
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function inRange(bytes: number[], [prefix, bits]: TRange): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The 16 bytes of an IPv6 address (with `::`, an embedded dotted IPv4 tail, a `%zone`). */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(address) !== 6) return null;
  // An embedded dotted IPv4 tail becomes its two hex groups.
  const hex = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a, b, c, d) =>
      `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [left, right] = hex.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const l = groups(left);
  const r = groups(right);
  const words = right === undefined ? l : [...l, ...new Array<number>(8 - l.length - r.length).fill(0), ...r];
  if (words.length !== 8 || words.some((w) => !(w >= 0 && w <= 0xffff))) return null;
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/**
 * Whether an address may not be reached from the server: private, loopback, link-local,
 * unique-local, CGNAT, unspecified, multicast, reserved or metadata — IPv4 or IPv6, including
 * IPv4 addresses carried inside IPv6 (mapped, compatible, NAT64, 6to4). Unparseable → true.
 */
export function isForbiddenAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4) return V4_FORBIDDEN.some((range) => inRange(v4, range));
  const v6 = parseIPv6(address);
  if (!v6) return true;
  if (V6_FORBIDDEN.some((range) => inRange(v6, range))) return true;
  const embedded = embeddedIPv4(v6);
  return embedded !== null && V4_FORBIDDEN.some((range) => inRange(embedded, range));
}

/** The IPv4 address inside an IPv4-mapped/compatible (::ffff:a.b.c.d, ::a.b.c.d), NAT64 or 6to4 address. */
function embeddedIPv4(b: number[]): number[] | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0)))
    return b.slice(12);
  if (inRange(b, [[0x00, 0x64, 0xff, 0x9b], 96]) || inRange(b, [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48]))
    return b.slice(12);
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  return null;
}

export interface TResolveHostOptions {
  /** ALLOW_PRIVATE_HOSTS: skip the address check (local development, self-hosted sources). */
  allowPrivateHosts: boolean;
  /** Replaces DNS in tests. */
  lookup?: (host: string) => Promise<string[]>;
}

async function lookupAll(host: string): Promise<string[]> {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

/**
 * Resolves `host` once and returns its addresses, every one checked: throws
 * ConnectorError('forbidden_host') when any is forbidden (unless allowed), 'unreachable' when
 * the name does not resolve. Connect to one of the returned addresses, not to the name.
 */
export async function resolvePublicHost(host: string, options: TResolveHostOptions): Promise<string[]> {
  const name = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(name) ? [name] : await (options.lookup ?? lookupAll)(name);
  } catch {
    throw connectionFailure('host_not_found', { host: name });
  }
  if (addresses.length === 0) throw connectionFailure('host_not_found', { host: name });
  if (!options.allowPrivateHosts && addresses.some(isForbiddenAddress)) {
    throw new ConnectorError(
      'forbidden_host',
      `The host ${name} resolves to a private or reserved address, which data sources may not use.`,
    );
  }
  return addresses;
}
