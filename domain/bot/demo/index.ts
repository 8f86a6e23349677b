// The demo bots: seeded into the database for new accounts and used as engine test vectors.
import type { BotDefinition } from '../definition';
import { courseBot, courseTranscripts } from './course';
import { mortgageBot, mortgageTranscripts } from './mortgage';
import { rentalBot, rentalTranscripts } from './rental';
import type { Transcript } from './transcript';

export interface DemoBot {
  key: string;
  name: string;
  industry: string;
  industrySubtype: string;
  description: string;
  definition: BotDefinition;
  transcripts: Transcript[];
}

export const DEMO_BOTS: DemoBot[] = [
  {
    key: 'mortgage-followup',
    name: '房贷回访机器人',
    industry: '金融',
    industrySubtype: '房贷',
    description: '回访咨询过房贷的客户，确认需求、解答利率和材料问题，有意向的转接客户经理。',
    definition: mortgageBot,
    transcripts: mortgageTranscripts,
  },
  {
    key: 'course-sales',
    name: '课程销售机器人',
    industry: '教育',
    industrySubtype: '职业培训',
    description: '联系领取过试听课的客户，了解学员情况，邀约免费试听并短信发送上课信息。',
    definition: courseBot,
    transcripts: courseTranscripts,
  },
  {
    key: 'house-rental',
    name: '房屋出租回访机器人',
    industry: '房产',
    industrySubtype: '租赁',
    description: '联系登记出租房源的房东，确认房源、户型租金，按键确认并预约经纪人上门拍照。',
    definition: rentalBot,
    transcripts: rentalTranscripts,
  },
];

export type { Transcript, Turn } from './transcript';
export { runTranscript, transcriptEvents } from './transcript';

/** The stable short names of the demo bots in test-conversation files (`npm run grade`). */
export const DEMO_BOT_ALIASES: Record<string, string> = {
  mortgage: 'mortgage-followup',
  course: 'course-sales',
  rental: 'house-rental',
};

/** A demo bot by its short name (mortgage, course, rental) or its key. */
export function demoBot(name: string): DemoBot | undefined {
  const key = DEMO_BOT_ALIASES[name] ?? name;
  return DEMO_BOTS.find((b) => b.key === key);
}
