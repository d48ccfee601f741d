import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientMessage, domainEvent, parseTopic, serverMessage, topic, topics } from '@lectio/events';

describe('WebSocket catalogue', () => {
  it('accepts {kind}:{id} topics (the kinds are the domains\u2019: the platform answers an unregistered one) and nothing malformed', () => {
    expect(topic.safeParse(topics.user(3)).success).toBe(true);
    expect(topic.safeParse(topics.competition(9)).success).toBe(true);
    expect(topic.safeParse(topics.judge('a1-b2')).success).toBe(true);
    expect(topic.safeParse('kernel:7').success).toBe(true);
    expect(parseTopic('kernel:7' as never)).toEqual({ kind: 'kernel', id: '7' });
    for (const bad of ['user:', ':1', 'User:1', '1user:1', 'user:1;drop', 'user:1:2', `judge:${'x'.repeat(65)}`, `${'k'.repeat(33)}:1`]) {
      expect(topic.safeParse(bad).success, bad).toBe(false);
    }
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
