/**
 * A job's work directory on the host: the files the worker writes for the job and reads back from it.
 * Programs of the job own it and may plant links anywhere in it, so every write and read refuses a path
 * that leaves the directory (absolute names, `..`, a directory replaced by a link) and never follows a link.
 */
import { chownSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** A safe relative file name inside the work directory (no absolute path, no '..'). */
export function safeRelativePath(name: string): string | null {
  if (!name || name.includes('\0') || name.startsWith('/')) return null;
  const n = normalize(name);
  if (n.startsWith('..') || n.split('/').includes('..') || n === '.') return null;
  return n;
}

export class WorkDir {
  constructor(
    /** Host path of the directory. */
    readonly dir: string,
    /** Owner of what the worker writes (the sandbox user when the worker is root). */
    private readonly owner: number | null,
  ) {
    mkdirSync(dir, { mode: 0o700 });
    if (owner !== null) chownSync(dir, owner, owner);
  }

  /** Writes a file into the work directory (owned by the sandbox user). */
  writeFile(name: string, content: string | Buffer, mode = 0o644): void {
    const rel = safeRelativePath(name);
    if (!rel) throw new Error(`Invalid file name: ${name}`);
    const path = join(this.dir, rel);
    const parent = dirname(path);
    mkdirSync(parent, { recursive: true });
    this.assertInside(parent);
    // never write through a link the program may have planted
    if (existsSync(path) && lstatSync(path).isSymbolicLink()) rmSync(path);
    writeFileSync(path, content, { mode });
    if (this.owner !== null) {
      chownSync(path, this.owner, this.owner);
      for (let d = parent; d.startsWith(this.dir) && d !== this.dir; d = dirname(d)) chownSync(d, this.owner, this.owner);
    }
  }

  /** Reads a regular file the programs wrote (never follows a link out of the box); null when absent. */
  readFile(name: string, maxBytes = 1 << 20): string | null {
    const rel = safeRelativePath(name);
    if (!rel) return null;
    const path = join(this.dir, rel);
    try {
      const st = lstatSync(path);
      if (!st.isFile() || st.size > maxBytes) return null;
      this.assertInside(dirname(path));
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  }

  /** Whether a name exists in the work directory (as VPL's existFile; links are not followed). */
  exists(name: string): boolean {
    const rel = safeRelativePath(name.startsWith('./') ? name.slice(2) : name);
    if (!rel) return false;
    try {
      lstatSync(join(this.dir, rel));
      return true;
    } catch {
      return false;
    }
  }

  /** Removes a file of the work directory (a link itself, never its target). */
  remove(name: string): void {
    const rel = safeRelativePath(name);
    if (rel) rmSync(join(this.dir, rel), { force: true });
  }

  rename(from: string, to: string): boolean {
    const a = safeRelativePath(from);
    const b = safeRelativePath(to);
    if (!a || !b || !this.exists(a)) return false;
    const st = lstatSync(join(this.dir, a));
    if (!st.isFile()) return false;
    rmSync(join(this.dir, b), { force: true, recursive: true });
    writeFileSync(join(this.dir, b), readFileSync(join(this.dir, a)), { mode: st.mode & 0o777 });
    if (this.owner !== null) chownSync(join(this.dir, b), this.owner, this.owner);
    rmSync(join(this.dir, a));
    return true;
  }

  /** Removes the directory and everything in it. */
  removeAll(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private assertInside(path: string) {
    // every directory on the way must be a real directory, not a link planted by a program
    for (let d = path; d.startsWith(this.dir) && d !== this.dir; d = dirname(d)) {
      if (!lstatSync(d).isDirectory()) throw new Error('Path leaves the work directory');
    }
  }
}
