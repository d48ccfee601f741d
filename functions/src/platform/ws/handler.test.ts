/** The WebSocket handler's composition: domains plug topic kinds and actions in, each name once. */
import { describe, expect, it } from 'vitest';
import type { DomainRealtime } from '../domain';
import { createWebSocketHandler } from './handler';

const topicDomain = (name: string, kind: string): DomainRealtime => ({ name, topics: [{ kind, guard: () => true }] });

describe('WebSocket handler composition', () => {
  it('takes each domain its topic kinds and actions', () => {
    // Prepare: two domains with distinct kinds, one with an action
    const domains = [topicDomain('a', 'kernel'), { ...topicDomain('b', 'group'), actions: { 'judge.input': async () => 200 } }];
    // Act, Assess
    expect(typeof createWebSocketHandler(domains)).toBe('function');
  });

  it('refuses a topic kind registered twice, or one the platform owns', () => {
    expect(() => createWebSocketHandler([topicDomain('a', 'kernel'), topicDomain('b', 'kernel')])).toThrow('topic kind kernel is registered twice');
    expect(() => createWebSocketHandler([topicDomain('a', 'user')])).toThrow('topic kind user is registered twice');
  });

  it("refuses an action registered twice, or one of the platform's", () => {
    const input = (name: string): DomainRealtime => ({ name, actions: { 'judge.input': async () => 200 } });
    expect(() => createWebSocketHandler([input('a'), input('b')])).toThrow('WebSocket action judge.input is registered twice');
    expect(() => createWebSocketHandler([{ name: 'a', actions: { ping: async () => 200 } }])).toThrow('WebSocket action ping is registered twice');
  });
});
