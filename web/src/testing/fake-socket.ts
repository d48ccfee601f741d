/** A WebSocket double for WsClient tests: the test opens, drops and feeds it, and reads what was sent. */
import type { ClientMessage } from '@lectio/events';
import type { SocketLike } from '@/lib/ws-client';

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: ClientMessage[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close() {
    this.readyState = 3;
  }
  opens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drops() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
  pushes(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  /** The id of the last ping the client sent. */
  lastPingId() {
    const ping = this.sent.filter((m) => m.action === 'ping').pop() as { id?: string } | undefined;
    return ping?.id;
  }
  pong(id: string | undefined, serverNow: number) {
    this.pushes({ type: 'pong', id, serverNow });
  }
}
