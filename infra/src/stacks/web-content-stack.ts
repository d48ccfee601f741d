/**
 * LectioWebContent: uploads the web build into the LectioWeb bucket, together with the generated
 * `config.json` that tells the app where its APIs are. Deployed last, because config.json needs the
 * API endpoints and the APIs need the hosting stack's URL.
 *
 * Caching without invalidations: hashed files under `assets/` are immutable and never pruned (an
 * open tab of the previous version can still lazy-load its chunks); everything else (index.html,
 * config.json, flags, favicon) is `no-cache`, so CloudFront revalidates it on every request.
 */
import { SecretValue, Size, Stack, type StackProps } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { OAUTH_CLIENT_ID } from '@lectio/shared';

export interface WebContentStackProps extends StackProps {
  bucket: IBucket;
  /** The web build (`web/dist`). */
  distPath: string;
  apiBase: string;
  wsUrl: string;
  /**
   * The OAuth client secret of client 2. The browser sends it with every token request, so it is
   * public by nature (as in the original platform); it is taken from the secret at deploy time
   * (a CloudFormation dynamic reference), never written into the template.
   */
  clientSecret: SecretValue;
  version: string;
}

/** The shape of the web app's `/config.json`. */
export interface WebConfig {
  apiBase: string;
  wsUrl: string;
  clientId: number;
  clientSecret: string;
  version: string;
}

const HASHED_ASSETS = 'assets/*';

export class WebContentStack extends Stack {
  constructor(scope: Construct, id: string, props: WebContentStackProps) {
    super(scope, id, props);
    const build = Source.asset(props.distPath);
    const common = {
      destinationBucket: props.bucket,
      memoryLimit: 512,
      ephemeralStorageSize: Size.mebibytes(1024),
      // The default returns every uploaded key to CloudFormation, which overflows its 4 kB limit.
      outputObjectKeys: false,
    };

    const assets = new BucketDeployment(this, 'Assets', {
      ...common,
      sources: [build],
      exclude: ['*'],
      include: [HASHED_ASSETS],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });

    const config: WebConfig = {
      apiBase: props.apiBase,
      wsUrl: props.wsUrl,
      clientId: OAUTH_CLIENT_ID,
      clientSecret: props.clientSecret.unsafeUnwrap(),
      version: props.version,
    };
    const shell = new BucketDeployment(this, 'Shell', {
      ...common,
      sources: [build, Source.jsonData('config.json', config, { escape: true })],
      exclude: [HASHED_ASSETS],
      prune: true,
      cacheControl: [CacheControl.noCache()],
    });
    // A new index.html must never reference chunks that are not uploaded yet.
    shell.node.addDependency(assets);
  }
}
