/**
 * Deployment settings read from the CDK context (`cdk.json`, or `-c key=value` on the command line).
 * Only what differs between deployments lives here; everything else is code.
 */
import type { Construct } from 'constructs';

export interface LectioSettings {
  /** The `From:` of every mail, e.g. `Lectio <no-reply@school.example>`. */
  mailFrom: string;
  /** The SES identity (verified domain or address) the accounts function may send as. */
  mailIdentity: string;
}

export const DEFAULT_MAIL_FROM = 'Lectio <no-reply@lectio.example>';

/** The address inside `Name <address>` or the bare address. */
export const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

export function readSettings(scope: Construct): LectioSettings {
  const ctx = (key: string): string | undefined => {
    const value: unknown = scope.node.tryGetContext(`lectio:${key}`);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const mailFrom = ctx('mailFrom') ?? DEFAULT_MAIL_FROM;
  // A verified domain covers every address in it, so the domain of the sender is the natural default.
  const mailIdentity = ctx('mailIdentity') ?? mailAddress(mailFrom).split('@').pop()!;
  return { mailFrom, mailIdentity };
}
