/** CDK entry point (`cdk.json`: `node --import tsx infra/bin/app.ts`). */
import { App } from 'aws-cdk-lib';
import { createLectioStacks } from '../src/app';

const app = new App();
createLectioStacks(app);
app.synth();
