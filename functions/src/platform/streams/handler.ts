/**
 * DynamoDB stream consumer (the event-source mapping's target): turns item changes into domain
 * events and pushes them to the subscribed browsers. Failed records are reported individually.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { topics, type DomainEvent } from '@lectio/events';
import { logger } from '../http/logger';
import { publish } from '../ws/publish';
import { holdsCourseGrant, isOnBoard, projectLeader, rankedAccount, type LeaderSource } from '../../catalogue/leaderboard';
import { listUserCourses } from '../../catalogue/store';
import { findUserById } from '../../accounts/users';
import { projectTaskProgress } from '../../player/projection';
import { projectJudgeChannel } from '../../judge/channel/projection';

type Image = Record<string, unknown>;
const image = (raw: unknown): Image | undefined =>
  raw ? unmarshall(raw as Record<string, AttributeValue>) : undefined;

/** Pure projection of one change to the domain events it means. */
export function eventsOf(record: DynamoDBRecord): DomainEvent[] {
  const after = image(record.dynamodb?.NewImage);
  const before = image(record.dynamodb?.OldImage);
  if (!after) return [];
  if (record.eventName === 'INSERT' && after.type === 'message') {
    return [
      {
        detailType: 'MessageCreated',
        detail: {
          userId: Number(after.user_id),
          messageId: Number(after.message_id),
          title: String(after.title ?? ''),
          messageType: Number(after.message_type ?? 1),
          date: String(after.date ?? ''),
        },
      },
    ];
  }
  if (record.eventName === 'MODIFY' && after.type === 'user' && before) {
    if (before.xp !== after.xp || before.coins !== after.coins) {
      return [
        { detailType: 'PerformanceChanged', detail: { userId: Number(after.user_id), xp: Number(after.xp), coins: Number(after.coins) } },
      ];
    }
  }
  return [];
}

export async function deliver(event: DomainEvent): Promise<void> {
  switch (event.detailType) {
    case 'MessageCreated': {
      const topic = topics.user(event.detail.userId);
      await publish(topic, {
        type: 'message.new',
        topic,
        message: {
          message_id: event.detail.messageId,
          title: event.detail.title,
          message_type: event.detail.messageType,
          date: event.detail.date,
        },
      });
      return;
    }
    case 'PerformanceChanged': {
      const topic = topics.user(event.detail.userId);
      await publish(topic, { type: 'performance.changed', topic, xp: event.detail.xp, coins: event.detail.coins });
      return;
    }
    case 'UserLoggedOut':
      return;
  }
}

const leaderFields = ['xp', 'nickname', 'country_id', 'groups'] as const;
const asLeader = (u: Image): LeaderSource => ({
  user_id: Number(u.user_id),
  nickname: String(u.nickname ?? ''),
  xp: Number(u.xp ?? 0),
  country_id: Number(u.country_id ?? 0),
  groups: String(u.groups ?? ''),
});
const courseRefs = (items: Array<{ course_id: number; area_id?: number }>) => items.map((c) => ({ course_id: c.course_id, area_id: c.area_id }));

/**
 * Keeps the leaderboard entries in step with users, their started courses and their course
 * permissions. Only learners are ranked (see `rankedAccount`): a user who gets a course permission
 * leaves the board, one whose last permission goes away comes back.
 */
export async function projectLeaderboard(record: DynamoDBRecord): Promise<void> {
  const after = image(record.dynamodb?.NewImage);
  const before = image(record.dynamodb?.OldImage);
  const kind = (after ?? before)?.type;
  if (kind === 'user') {
    const changed =
      !before || !after || before.confirmed !== after.confirmed || before.role_id !== after.role_id || leaderFields.some((f) => before[f] !== after[f]);
    if (!changed) return;
    const userId = Number((after ?? before)!.user_id);
    const wanted = (u: Image | undefined) => Boolean(u && rankedAccount(u));
    if (!wanted(before) && !wanted(after)) return;
    // A grant is not part of the user item, so it is the same before and after.
    if (await holdsCourseGrant(userId)) return;
    const courses = courseRefs(await listUserCourses(userId));
    await projectLeader(wanted(before) ? { user: asLeader(before!), courses } : null, wanted(after) ? { user: asLeader(after!), courses } : null);
  } else if (kind === 'user-course' && record.eventName === 'INSERT' && after) {
    const user = await findUserById(Number(after.user_id));
    if (!user || !rankedAccount(user) || (await holdsCourseGrant(user.user_id))) return;
    const courses = courseRefs(await listUserCourses(user.user_id));
    const without = courses.filter((c) => c.course_id !== Number(after.course_id));
    await projectLeader({ user: asLeader(user as unknown as Image), courses: without }, { user: asLeader(user as unknown as Image), courses });
  } else if (kind === 'permission' && (record.eventName === 'INSERT' || record.eventName === 'REMOVE')) {
    const user = await findUserById(Number((after ?? before)!.user_id));
    if (!user) return;
    const leader = asLeader(user as unknown as Image);
    const shouldBe = rankedAccount(user) && !(await holdsCourseGrant(user.user_id));
    const is = await isOnBoard(leader);
    if (is === shouldBe) return;
    const courses = courseRefs(await listUserCourses(user.user_id));
    await projectLeader(is ? { user: leader, courses } : null, shouldBe ? { user: leader, courses } : null);
  }
}

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await projectLeaderboard(record);
      await projectTaskProgress(image(record.dynamodb?.OldImage), image(record.dynamodb?.NewImage));
      await projectJudgeChannel(record.eventName, image(record.dynamodb?.NewImage));
      for (const domainEvent of eventsOf(record)) await deliver(domainEvent);
    } catch (error) {
      logger.error('stream record failed', { error: error as Error, eventId: record.eventID });
      if (record.dynamodb?.SequenceNumber) batchItemFailures.push({ itemIdentifier: record.dynamodb.SequenceNumber });
    }
  }
  return { batchItemFailures };
};
