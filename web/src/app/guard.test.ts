import { describe, expect, it } from 'vitest';
import { guardDecision, type RouteAccess } from './guard';
import { appRoutes, pathTo, routeNameOf } from '@/lib/paths';

const decide = (routeAccess: RouteAccess, loggedIn: boolean, isAdmin = false, path = '/x/1?tab=2') =>
  guardDecision({ path, routeAccess, loggedIn, isAdmin });

describe('guardDecision', () => {
  it('sends a visitor without a token to login and keeps the full wanted path', () => {
    for (const access of ['user', 'admin', 'student'] as const) {
      expect(decide(access, false)).toEqual({ action: 'redirect', to: '/login', saveRedirect: '/x/1?tab=2' });
    }
  });

  it('lets a logged-out visitor open public routes and sends a logged-in one to the dashboard', () => {
    expect(decide('public', false)).toEqual({ action: 'allow' });
    expect(decide('public', true)).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(decide('public', true, true)).toEqual({ action: 'redirect', to: '/dashboard' });
  });

  it('always lets the confirm route pass and sets the confirm flag', () => {
    for (const [loggedIn, isAdmin] of [
      [false, false],
      [true, false],
      [true, true],
    ] as const) {
      expect(decide('confirm', loggedIn, isAdmin)).toEqual({ action: 'allow', setConfirm: true });
    }
  });

  it('lets the password wizard open for everybody', () => {
    expect(decide('open', false)).toEqual({ action: 'allow' });
    expect(decide('open', true, true)).toEqual({ action: 'allow' });
  });

  it('lets admins enter admin and both-role routes only', () => {
    expect(decide('admin', true, true)).toEqual({ action: 'allow' });
    expect(decide('user', true, true)).toEqual({ action: 'allow' });
    expect(decide('student', true, true)).toEqual({ action: 'redirect', to: '/dashboard' });
  });

  it('lets regular users enter user and student routes only', () => {
    expect(decide('user', true)).toEqual({ action: 'allow' });
    expect(decide('student', true)).toEqual({ action: 'allow' });
    expect(decide('admin', true)).toEqual({ action: 'redirect', to: '/dashboard' });
  });
});

describe('route table', () => {
  it('has unique names and the access flags of the spec', () => {
    const names = appRoutes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const access = Object.fromEntries(appRoutes.map((r) => [r.name, r.access]));
    expect(access).toMatchObject({
      login: 'public',
      register: 'public',
      confirm: 'confirm',
      dashboard: 'user',
      teacher_dashboard: 'user',
      que_list: 'admin',
      show_kernels: 'admin',
      course_content: 'student',
      competition_result: 'student',
    });
    // 4 public (with /404) + 39 both-role + 21 admin + 5 student routes of spec/1 §2, and spec/3 §2's /course_groups/{id}, /student_detail and /student_chapter.
    expect(appRoutes).toHaveLength(72);
  });

  it('builds paths from names, leaving out optional parameters', () => {
    expect(routeNameOf('/areas/:id')).toBe('areas');
    expect(pathTo('areas', { id: 3 })).toBe('/areas/3');
    expect(pathTo('message_list')).toBe('/message_list');
    expect(pathTo('message_list', { id: 7 })).toBe('/message_list/7');
    expect(pathTo('groups')).toBe('/groups/');
    expect(() => pathTo('areas')).toThrow(/missing parameter id/);
  });
});
