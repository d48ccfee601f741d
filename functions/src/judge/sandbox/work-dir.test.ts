/** A job's work directory: nothing written or read outside it, no link followed. */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { safeRelativePath, WorkDir } from './work-dir';

let base: string;
let work: WorkDir;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'work-dir-'));
  work = new WorkDir(join(base, 'job'), null);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('the work directory', () => {
  it('accepts relative names only', () => {
    expect(safeRelativePath('a/b.txt')).toBe('a/b.txt');
    expect(safeRelativePath('./x')).toBe('x');
    for (const bad of ['', '/etc/passwd', '../x', 'a/../../x', '.', 'a\0b']) expect(safeRelativePath(bad)).toBeNull();
  });

  it('writes, reads, renames and removes files inside it', () => {
    work.writeFile('dir/a.txt', 'hello');
    expect(work.readFile('dir/a.txt')).toBe('hello');
    expect(work.rename('dir/a.txt', 'b.txt')).toBe(true);
    expect(work.exists('dir/a.txt')).toBe(false);
    expect(work.readFile('b.txt')).toBe('hello');
    work.remove('b.txt');
    expect(work.exists('b.txt')).toBe(false);
    expect(() => work.writeFile('../escape.txt', 'x')).toThrow(/Invalid file name/);
  });

  it('never writes or reads through a link a program planted', () => {
    const outside = join(base, 'outside.txt');
    writeFileSync(outside, 'secret');
    symlinkSync(outside, join(work.dir, 'link.txt'));
    expect(work.readFile('link.txt')).toBeNull();
    work.writeFile('link.txt', 'overwritten');
    expect(readFileSync(outside, 'utf8')).toBe('secret');
    symlinkSync(base, join(work.dir, 'up'));
    expect(() => work.writeFile('up/x.txt', 'x')).toThrow(/leaves the work directory/);
    expect(work.readFile('up/outside.txt')).toBeNull();
  });
});
