import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@mbo/contracts/integration';
import { settableClock } from '../../lib/clock';
import { deliverAttempt } from './deliver-attempt';
import { newSigningSecret, signatureHeaders } from './signing';
import { assertWebhookUrlAllowed, refusalOfAddress, staticRefusal, type HostResolver } from './ssrf-guard';
import { startReceiver, type TestReceiver } from './test-receiver';

const DEV = { allowLoopback: true };
const PROD = { allowLoopback: false };
const resolvesTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('SSRF guard: which addresses a webhook may reach', () => {
  it('allows public unicast addresses and refuses every private, local and metadata range, whatever the form', () => {
    expect(refusalOfAddress('93.184.216.34', PROD)).toBeNull();
    expect(refusalOfAddress('2606:2800:220:1:248:1893:25c8:1946', PROD)).toBeNull();
    const refused: [string, RegExp][] = [
      ['10.0.0.1', /private/],
      ['172.16.5.4', /private/],
      ['192.168.1.1', /private/],
      ['127.0.0.1', /loopback/],
      ['::1', /loopback/],
      ['169.254.169.254', /metadata/],
      ['fd00:ec2::254', /metadata/],
      ['169.254.1.1', /link-local/],
      ['fe80::1', /link-local/],
      ['fc00::1', /unique-local/],
      ['100.64.0.1', /carrier-grade NAT/],
      ['224.0.0.1', /multicast/],
      ['ff02::1', /multicast/],
      ['0.0.0.0', /unspecified/],
      ['::', /unspecified/],
      // An IPv4 in IPv6 clothing is judged as the IPv4.
      ['::ffff:10.0.0.1', /10\.0\.0\.1 is a private/],
      ['::ffff:127.0.0.1', /loopback/],
    ];
    for (const [address, why] of refused) expect(refusalOfAddress(address, PROD), address).toMatch(why);
    // The development flag lets loopback through, nothing else.
    expect(refusalOfAddress('127.0.0.1', DEV)).toBeNull();
    expect(refusalOfAddress('::1', DEV)).toBeNull();
    expect(refusalOfAddress('10.0.0.1', DEV)).toMatch(/private/);
    expect(refusalOfAddress('169.254.169.254', DEV)).toMatch(/metadata/);
  });

  it('needs https (http only to localhost with the development flag) and refuses typed private addresses', () => {
    expect(staticRefusal('https://hooks.example.com/x', PROD)).toBeNull();
    expect(staticRefusal('http://hooks.example.com/x', PROD)).toMatch(/must use https/);
    expect(staticRefusal('http://hooks.example.com/x', DEV)).toMatch(/must use https/);
    expect(staticRefusal('http://localhost:3000/x', DEV)).toBeNull();
    expect(staticRefusal('http://127.0.0.1:3000/x', DEV)).toBeNull();
    expect(staticRefusal('http://[::1]:3000/x', DEV)).toBeNull();
    expect(staticRefusal('http://localhost:3000/x', PROD)).toMatch(/must use https/);
    expect(staticRefusal('https://localhost/x', PROD)).toMatch(/is this server/);
    expect(staticRefusal('https://10.0.0.1/', PROD)).toMatch(/10\.0\.0\.1 is a private address/);
    expect(staticRefusal('https://169.254.169.254/latest/meta-data', DEV)).toMatch(/metadata/);
    expect(staticRefusal('https://[::1]/', PROD)).toMatch(/loopback/);
    // The URL parser's other spellings of an address are normalised before the check.
    expect(staticRefusal('https://2130706433/', PROD)).toMatch(/127\.0\.0\.1 is a loopback/);
    expect(staticRefusal('https://0x7f.1/', PROD)).toMatch(/loopback/);
    expect(staticRefusal('ftp://hooks.example.com/', PROD)).toMatch(/https/);
  });

  it('at create: refuses a name that resolves to a private address, accepts one that resolves publicly or not yet', async () => {
    await expect(
      assertWebhookUrlAllowed('https://intranet.example.com/', PROD, resolvesTo('93.184.216.34', '10.1.2.3')),
    ).rejects.toThrow(/intranet\.example\.com resolves to 10\.1\.2\.3, a private address/);
    await expect(
      assertWebhookUrlAllowed('https://hooks.example.com/', PROD, resolvesTo('93.184.216.34')),
    ).resolves.toBeUndefined();
    const unknown: HostResolver = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    await expect(assertWebhookUrlAllowed('https://not-yet.example.com/', PROD, unknown)).resolves.toBeUndefined();
  });
});

describe('one delivery attempt over HTTP', () => {
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterEach(() => {
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });
  afterAll(async () => {
    await receiver.close();
  });
  const attempt = (over: Partial<Parameters<typeof deliverAttempt>[0]> = {}) =>
    deliverAttempt({
      url: receiver.url,
      headers: {},
      body: '{"id":"evt_1"}',
      timeoutMs: 2000,
      allowLoopback: true,
      ...over,
    });

  it('posts the signed body; the Standard Webhooks library verifies it; a 2xx is delivered', async () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({
      id: 'evt_TEST',
      type: 'payment.succeeded',
      createdAt: new Date().toISOString(),
      data: { object: { id: 'p1' } },
    });
    receiver.answer = () => ({ status: 204 });
    const result = await attempt({ headers: signatureHeaders('evt_TEST', body, [secret]), body });
    expect(result).toMatchObject({ delivered: true, statusCode: 204, error: null, responseBody: '' });
    const [got] = receiver.received;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toBe('evt_TEST');
    expect(new Webhook(secret).verify(got.body, got.headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(got.body, got.headers)).toThrow();
  });

  it('does not follow a redirect: a 3xx is a failed attempt and the target is never called', async () => {
    let targetCalls = 0;
    const target = await startReceiver(() => {
      targetCalls++;
      return { status: 200 };
    });
    receiver.answer = () => ({ status: 302, headers: { location: target.url } });
    const result = await attempt();
    await target.close();
    expect(result.delivered).toBe(false);
    expect(result.statusCode).toBe(302);
    expect(result.error).toMatch(/^HTTP 302: redirects are not followed \(to http:\/\/127\.0\.0\.1:\d+\/hooks\)$/);
    expect(targetCalls).toBe(0);
  });

  it('keeps the first 2 kB of the answer, and a non-2xx is failed with its status', async () => {
    receiver.answer = () => ({ status: 500, body: 'é'.repeat(5000) });
    const result = await attempt();
    expect(result).toMatchObject({ delivered: false, statusCode: 500, error: 'HTTP 500' });
    expect(Buffer.byteLength(result.responseBody!)).toBeLessThanOrEqual(WEBHOOK_RESPONSE_KEEP_BYTES);
    expect(result.responseBody!.startsWith('é'.repeat(1000))).toBe(true);
  });

  it('gives a slow receiver timeoutMs, then records a timeout with no status', async () => {
    // The receiver takes the request and does not answer; the test fires the deadline the attempt armed, at a time it
    // sets.
    let received!: () => void;
    const inFlight = new Promise<void>((resolve) => (received = resolve));
    receiver.answer = () => {
      received();
      return { status: 200, hold: new Promise(() => undefined) };
    };
    const clock = settableClock(5_000);
    const armed: { expire: () => void; ms: number; cancelled: boolean }[] = [];
    const deadline = (expire: () => void, ms: number) => {
      const timer = { expire, ms, cancelled: false };
      armed.push(timer);
      return () => {
        timer.cancelled = true;
      };
    };
    let settled = false;
    const pending = attempt({ timeoutMs: 200, deadline, now: clock }).finally(() => (settled = true));
    await inFlight;
    expect(armed.map((a) => a.ms)).toEqual([200]);
    // Without an answer the attempt waits for its deadline.
    expect(settled).toBe(false);
    clock.advance(200);
    armed[0].expire();
    const result = await pending;
    expect(result).toEqual({
      delivered: false,
      statusCode: null,
      durationMs: 200,
      responseBody: null,
      error: 'Timed out: no complete answer within 200 ms',
    });
    expect(receiver.received).toHaveLength(1);
    // An answer in time cancels the deadline.
    receiver.answer = () => ({ status: 200, body: 'ok' });
    expect(await attempt({ timeoutMs: 200, deadline, now: clock })).toMatchObject({
      delivered: true,
      statusCode: 200,
      durationMs: 0,
    });
    expect(armed).toHaveLength(2);
    expect(armed[1].cancelled).toBe(true);
  });

  it('checks the address the socket connects to: a name resolving to a private address is refused before connecting', async () => {
    const result = await attempt({
      url: 'https://rebound.example.com/hooks',
      resolve: resolvesTo('10.0.0.5'),
      allowLoopback: false,
    });
    expect(result).toMatchObject({
      delivered: false,
      statusCode: null,
      error: 'Refused: rebound.example.com resolves to 10.0.0.5, a private address',
    });
    // The name passed the create-time check a moment ago with a public answer (DNS rebinding): the connect-time answer
    // is what counts.
    const metadata = await attempt({
      url: 'https://rebound.example.com/hooks',
      resolve: resolvesTo('169.254.169.254'),
      allowLoopback: false,
    });
    expect(metadata.error).toMatch(/169\.254\.169\.254, a cloud metadata address/);
  });

  it('connects to the address the lookup checked (a *.localhost name resolved by the injected resolver reaches the receiver)', async () => {
    const ok = await attempt({
      url: `http://receiver.localhost:${receiver.port}/hooks`,
      resolve: resolvesTo('127.0.0.1'),
    });
    expect(ok).toMatchObject({ delivered: true, statusCode: 200, responseBody: 'ok' });
    expect(receiver.received).toHaveLength(1);
    // Without the development flag the same loopback answer is refused (and http is refused first).
    const refused = await attempt({
      url: `https://receiver.example.com:${receiver.port}/hooks`,
      resolve: resolvesTo('127.0.0.1'),
      allowLoopback: false,
    });
    expect(refused.error).toBe('Refused: receiver.example.com resolves to 127.0.0.1, a loopback address');
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses a typed private address at delivery without a connection (an endpoint stored before the rules)', async () => {
    const result = await attempt({ url: 'https://10.0.0.1/hooks', allowLoopback: false });
    expect(result).toMatchObject({ delivered: false, statusCode: null, durationMs: 0 });
    expect(result.error).toMatch(/^Refused: The URL's address is not allowed: 10\.0\.0\.1 is a private address/);
  });
});
