import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export default function setup() {
  mkdirSync(resolve(import.meta.dirname, '../artifacts/screenshots'), { recursive: true });
}
