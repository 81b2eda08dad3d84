import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to its addresses (the system resolver; tests inject their own). */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** What the guard lets through: loopback only with the development flag (a receiver on a developer's machine). */
export interface AddressPolicy {
  allowLoopback: boolean;
}

/** A URL or address a webhook may not reach; the message says why, for the log and the form. */
export class WebhookAddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAddressRefused';
  }
}

/** Cloud metadata services, named apart (they are link-local / unique-local too) for a clearer message. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback',
  private: 'a private',
  linkLocal: 'a link-local',
  uniqueLocal: 'a unique-local',
  carrierGradeNat: 'a carrier-grade NAT',
  multicast: 'a multicast',
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  reserved: 'a reserved',
};
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Why an address may not be reached, or null when it may: only public unicast addresses (an IPv4
 * mapped into IPv6 is judged as the IPv4; 6to4, Teredo and NAT64 forms, which can carry a private
 * IPv4, are refused as not plain unicast), loopback only with the development flag.
 */
export function refusalOfAddress(address: string, policy: AddressPolicy): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return `${address} is not an IP address`;
  }
  const normal = parsed.toString();
  if (METADATA_ADDRESSES.has(normal)) return `${normal} is a cloud metadata address`;
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${normal} is ${RANGE_NAMES[range] ?? `a non-public (${range})`} address`;
}

/** The host of a URL without IPv6 brackets, as DNS and ipaddr want it. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function isLoopbackName(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return LOOPBACK_NAMES.has(host) || host.endsWith('.localhost');
}

/**
 * The checks that need no DNS: https only (http to localhost, 127.0.0.1 or [::1] with the
 * development flag), no credentials, and an address typed as the host must be allowed. Null when
 * the URL passes them.
 */
export function staticRefusal(raw: string, policy: AddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid.';
  }
  if (url.username || url.password) return 'The URL may not carry a user name or password.';
  if (url.protocol === 'http:') {
    if (!(policy.allowLoopback && isLoopbackName(url)))
      return 'Webhook URLs must use https:// (http:// only to localhost on a development server).';
  } else if (url.protocol !== 'https:') {
    return 'Webhook URLs must use https://.';
  }
  const host = bareHost(url);
  if (ipaddr.isValid(host)) {
    const refusal = refusalOfAddress(host, policy);
    return refusal ? `The URL's address is not allowed: ${refusal}.` : null;
  }
  if (!policy.allowLoopback && isLoopbackName(url))
    return `The URL's address is not allowed: ${url.hostname} is this server.`;
  return null;
}

/**
 * The check at create and update: the static rules, then the host name's current addresses (every
 * one must be allowed). A name that does not resolve yet is accepted: the address is checked again
 * at every delivery, where it counts. Throws WebhookAddressRefused.
 */
export async function assertWebhookUrlAllowed(
  raw: string,
  policy: AddressPolicy,
  resolve: HostResolver = systemResolver,
): Promise<void> {
  const refusal = staticRefusal(raw, policy);
  if (refusal) throw new WebhookAddressRefused(refusal);
  const host = bareHost(new URL(raw));
  if (ipaddr.isValid(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return;
  }
  for (const { address } of addresses) {
    const why = refusalOfAddress(address, policy);
    if (why)
      throw new WebhookAddressRefused(
        `The URL's address is not allowed: ${host} resolves to ${why.replace(/^\S+ is /, `${address}, `)}.`,
      );
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) requests: resolves, refuses the whole name if any address is not
 * allowed, and hands the socket only checked addresses, so the address connected to is the address
 * checked (a DNS answer that changes between a check and the connect cannot slip a private address
 * in). Answers in both shapes net asks for (one address, or all with autoSelectFamily).
 */
export function guardedLookup(policy: AddressPolicy, resolve: HostResolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = addresses.filter((a) => !options.family || a.family === options.family);
        if (wanted.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        for (const { address } of wanted) {
          const why = refusalOfAddress(address, policy);
          if (why)
            return callback(
              new WebhookAddressRefused(`Refused: ${hostname} resolves to ${why.replace(/^\S+ is /, `${address}, `)}`),
              '',
              0,
            );
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
