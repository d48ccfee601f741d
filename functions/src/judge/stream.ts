/** The judge domain on the table's stream: the DynamoDB terminal channel's output items reach the job's subscribers. */
import type { StreamProjection } from '../platform/streams/projection';
import { projectJudgeChannel } from './channel/projection';

export const judgeStream: StreamProjection = {
  name: 'judge',
  project: ({ eventName, after }) => projectJudgeChannel(eventName, after),
};
