/**
 * Guards of the local cloud's own endpoints (`/_local/*`: the mail outbox with reset codes and
 * confirmation links, forged domain events; `/_ws/@connections/*`: pushes to any socket). They
 * exist only on this machine and answer only this machine:
 *
 * - the peer is a loopback address (also when `ALLOW_REMOTE=1` opens the app to the network);
 * - the `Host` header names loopback (`127.0.0.1`, `localhost`, `[::1]`): a DNS-rebinding page on
 *   another name is refused;
 * - no cross-site request: a foreign `Origin` or `Sec-Fetch-Site: cross-site` is refused, and a
 *   write must carry `application/json` (or AWS SigV4 `authorization`, as the management client
 *   sends), both of which a foreign web page cannot send without a CORS preflight nobody answers.
 */
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || /^127(\.\d{1,3}){3}$/.test(a);
}

/** True for a host name or listen address that stays on this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || isLoopbackAddress(host);
}

/** The host part of a `Host` header (`127.0.0.1:3000` → `127.0.0.1`, `[::1]:3000` → `[::1]`). */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(\[[0-9a-f:.]+\]|[^:]+)(?::\d{1,5})?$/i.exec(header.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** Why a request to a local-only endpoint is refused, or null when it may pass. */
export function localOnlyRefusal(req: Pick<IncomingMessage, 'headers' | 'method'> & { socket: { remoteAddress?: string } }): string | null {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'Local endpoints answer this machine only.';
  const host = hostName(req.headers.host);
  if (!host || !LOOPBACK_NAMES.has(host)) return 'Local endpoints need a loopback Host header.';
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).hostname.toLowerCase();
    } catch {
      /* "null" or garbage */
    }
    if (!originHost || !LOOPBACK_NAMES.has(originHost)) return 'Cross-site requests are refused.';
  }
  if (req.headers['sec-fetch-site'] === 'cross-site') return 'Cross-site requests are refused.';
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && method !== 'DELETE') {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const signed = /^AWS4-HMAC-SHA256 /.test(req.headers.authorization ?? '');
    if (type !== 'application/json' && !signed) return 'Local endpoints accept JSON bodies only.';
  }
  return null;
}
