/** `GET /_local/outbox`: the mails written under DATA_DIR/outbox, newest first. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readEml, type ReadMail } from '../mail/eml';

export async function listOutbox(dir: string): Promise<ReadMail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  files.sort().reverse();
  return Promise.all(files.map(async (f) => readEml(await readFile(join(dir, f), 'utf8'))));
}
