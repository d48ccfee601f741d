/** Sends mail through SES in AWS, or writes it to the local outbox (`DATA_DIR/outbox/*.eml`). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config, env } from '../config';
import { composeEml, type Mail } from './eml';
import { traced } from '../tracing';

let ses: SESv2Client | undefined;

export async function sendMail(mail: Omit<Mail, 'from'>): Promise<void> {
  const full: Mail = { from: config.mailFrom, ...mail };
  if (env('MAIL_TRANSPORT') === 'ses') {
    ses ??= traced(new SESv2Client({ region: config.region }));
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: full.from,
        Destination: { ToAddresses: [full.to] },
        Content: {
          Simple: {
            Subject: { Data: full.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: full.text, Charset: 'UTF-8' }, Html: { Data: full.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    return;
  }
  const dir = env('OUTBOX_DIR');
  await mkdir(dir, { recursive: true });
  const sentAt = new Date();
  // Sortable file names: newest last on disk, listed newest first by the outbox endpoint.
  const name = `${sentAt.getTime().toString().padStart(15, '0')}-${process.hrtime.bigint() % 1000000n}.eml`;
  await writeFile(join(dir, name), composeEml(full, sentAt), 'utf8');
}
