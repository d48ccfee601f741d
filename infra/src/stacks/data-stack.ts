/**
 * LectioData: the single DynamoDB table (built from the same definition the local cloud uses) and
 * the application secrets. Both outlive the other stacks: RETAIN and deletion protection.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { tableDefinition } from '@lectio/functions/platform/db/schema';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

export class DataStack extends Stack {
  readonly table: TableV2;
  /** JSON `{ jwtSecret, clientSecret }`, the one secret the functions read (SECRETS_ARN). */
  readonly secrets: Secret;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new TableV2(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: stringKey(gsi.partitionKey),
        sortKey: stringKey(gsi.sortKey),
      })),
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      dynamoStream: StreamViewType[tableDefinition.stream],
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFormation generates one random key per secret, so the OAuth client secret is generated
    // on its own and referenced (dynamic reference, resolved at deploy time) from the template of
    // the JSON secret, which generates the JWT signing key beside it. Nothing else reads it.
    const clientSecret = new Secret(this, 'OAuthClientSecret', {
      description: 'Lectio: generator of the OAuth client secret of client 2 (copied into AppSecrets)',
      generateSecretString: { passwordLength: 40, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.secrets = new Secret(this, 'AppSecrets', {
      description: 'Lectio: JWT signing key (jwtSecret) and OAuth client secret of client 2 (clientSecret)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ clientSecret: clientSecret.secretValue.unsafeUnwrap() }),
        generateStringKey: 'jwtSecret',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'SecretsArn', { value: this.secrets.secretArn });
  }
}
