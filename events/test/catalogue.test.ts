import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientMessage, domainEvent, serverMessage, topic, topics } from '@lectio/events';

describe('WebSocket catalogue', () => {
  it('accepts the three topic kinds and nothing else', () => {
    expect(topic.safeParse(topics.user(3)).success).toBe(true);
    expect(topic.safeParse(topics.competition(9)).success).toBe(true);
    expect(topic.safeParse(topics.judge('a1-b2')).success).toBe(true);
    for (const bad of ['user:', 'admin:1', 'user:1;drop', `judge:${'x'.repeat(65)}`]) expect(topic.safeParse(bad).success, bad).toBe(false);
  });

  it('parses client actions and rejects unknown ones', () => {
    expect(clientMessage.parse({ action: 'subscribe', topic: 'user:1' })).toEqual({ action: 'subscribe', topic: 'user:1' });
    expect(clientMessage.safeParse({ action: 'shout', topic: 'user:1' }).success).toBe(false);
  });

  it('carries deadlines and server time on countdowns, never ticks', () => {
    const msg = serverMessage.parse({ type: 'competition.countdown', topic: 'competition:1', competitionId: 1, deadline: 10, serverNow: 5 });
    expect(msg).toMatchObject({ deadline: 10, serverNow: 5 });
  });
});

describe('sample events', () => {
  const dir = join(import.meta.dirname, '../samples');
  it.each(readdirSync(dir))('%s is valid JSON', (file: string) => {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (file.startsWith('domain-')) expect(domainEvent.safeParse(data).success).toBe(true);
    else expect(data.requestContext?.routeKey ?? data.routeKey).toBeTruthy();
  });
});
