/**
 * LectioWeb: where the web app is served from: a private S3 bucket behind CloudFront (Origin Access
 * Control), SPA fallback to index.html and strict security headers. It holds no content: the
 * LectioWebContent stack uploads the build and config.json once the APIs exist, so the APIs can
 * take this stack's URL (PUBLIC_URL, CORS) without a dependency cycle.
 *
 * The kernel gateway (LectioKernels, deployed before) is served under the same origin at `/kernels/*`:
 * no caching, every viewer header, cookie and query string on to its load balancer (WebSockets, the
 * token, the ALB's stickiness cookie), with the origin header whose secret value the load balancer
 * checks. So the SPA fallback is a viewer-request function of the default behaviour, not custom error
 * responses (those apply to every behaviour and would turn the proxy's 404 'Kernel not found.' into the
 * app shell).
 */
import { CfnOutput, Duration, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  type BehaviorOptions,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  CachePolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { contentSecurityPolicy } from '../content-security-policy';
import { screenModules } from '../../../web/first-screen';

/** The kernel gateway's load balancer and the origin header it requires (KernelStack). */
export interface KernelOrigin {
  domainName: string;
  header: string;
  /** The Secrets Manager secret holding the header's value, by name. */
  secretName: string;
}

export interface WebStackProps extends StackProps {
  kernels?: KernelOrigin;
}

/**
 * The SPA fallback: a path whose last segment has no extension is a client-side route (/courses/12) and
 * gets the app shell, except a page rendered at build time (web/build.mjs: /login → /login.html); a route
 * with a screen gets its own app shell, which names the screen's chunks in its head (web/vite.config.ts:
 * /chapter_content/2 → /screens/chapter_content.html); files (/assets/x.js, /config.json) are asked of the
 * bucket as they are.
 */
export const PRERENDERED_PAGES = ['/login'];
/** The routes whose app shell the build writes to screens/<route>.html (web/first-screen.ts). */
export const SCREEN_ROUTES = [...screenModules().keys()].filter((name) => /^[a-z0-9_]+$/.test(name)).sort();
export const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var prerendered = ${JSON.stringify(PRERENDERED_PAGES)};
  var screens = ${JSON.stringify(SCREEN_ROUTES)};
  if (prerendered.indexOf(request.uri) >= 0) request.uri = request.uri + '.html';
  else if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) {
    var route = request.uri.split('/')[1];
    request.uri = screens.indexOf(route) >= 0 ? '/screens/' + route + '.html' : '/index.html';
  }
  return request;
}`;

export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://{distribution}.cloudfront.net`: PUBLIC_URL of the functions and the CORS origin of the API. */
  readonly publicUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps = {}) {
    super(scope, id, props);

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      autoDeleteObjects: false,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Lectio web: CSP, HSTS and friends',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(this.region), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=()',
            override: true,
          },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Lectio web: client-side routes get index.html',
      code: FunctionCode.fromInline(SPA_FALLBACK),
      runtime: FunctionRuntime.JS_2_0,
    });
    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    if (props.kernels) {
      additionalBehaviors['/kernels/*'] = {
        origin: new HttpOrigin(props.kernels.domainName, {
          // inside AWS to a load balancer that admits CloudFront's addresses and this header only
          protocolPolicy: OriginProtocolPolicy.HTTP_ONLY,
          customHeaders: { [props.kernels.header]: SecretValue.secretsManager(props.kernels.secretName).unsafeUnwrap() },
          readTimeout: Duration.seconds(60),
          keepaliveTimeout: Duration.seconds(60),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER,
        responseHeadersPolicy: securityHeaders,
        compress: false,
      };
    }

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Lectio web app',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors,
    });

    this.publicUrl = `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'WebUrl', { value: this.publicUrl });
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName });
  }
}
