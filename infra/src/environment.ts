/** Environment variables shared by every Lectio Lambda (read by functions/src/platform/config.ts). */
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';

export const commonEnvironment = (table: ITableV2, publicUrl: string): Record<string, string> => ({
  TABLE_NAME: table.tableName,
  PUBLIC_URL: publicUrl,
});
