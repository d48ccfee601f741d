/**
 * The build's per-route app shells (web/first-screen.ts, web/vite.config.ts): the reader of the screens'
 * declarations finds the routes however they are declared (inline, or through a shared const), and each
 * module it names exists.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenModules } from '../../web/first-screen';

describe('screen modules of the routes', () => {
  it('maps the routes of the router and the features to their screen modules', () => {
    const screens = screenModules();
    expect(screens.get('dashboard')).toMatch(/\/web\/src\/app\/routes\/dashboard\.tsx$/);
    expect(screens.get('chapter_content')).toMatch(/\/web\/src\/features\/player\/components\/chapter-content-page\.tsx$/);
    // Through a const: `login: loginScreen`, and the task editor shared by seven routes.
    expect(screens.get('login')).toMatch(/\/web\/src\/app\/routes\/login\.tsx$/);
    expect(screens.get('404')).toBe(screens.get('login'));
    for (const name of ['admin_content', 'admin_type8', 'task_edit']) expect(screens.get(name), name).toMatch(/task-editor-page\.tsx$/);
    expect(screens.size).toBeGreaterThan(60);
    for (const [name, module] of screens) expect(existsSync(module), `${name}: ${module}`).toBe(true);
  });
});
