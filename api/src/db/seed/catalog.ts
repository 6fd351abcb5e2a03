/**
 * The vocabulary of the demo seed: who broadcasts, what they make, where the audience lives.
 * Titles are built from these pieces; every figure is then produced by simulated viewing.
 */
import type { ContentType } from '@onair/protocol';

/** ISO country codes with the relative size of their demo audience. */
export const AUDIENCE_COUNTRIES: readonly [string, number][] = [
  ['US', 18], ['NG', 12], ['GB', 9], ['IN', 9], ['GH', 7], ['KE', 6], ['ZA', 6], ['CA', 5], ['BR', 5], ['MX', 4],
  ['DE', 4], ['FR', 4], ['ES', 3], ['IT', 3], ['PT', 2], ['AU', 3], ['JP', 2], ['KR', 2], ['PH', 3], ['ID', 2],
  ['EG', 2], ['MA', 2], ['SN', 2], ['UG', 2], ['TZ', 2], ['ET', 2], ['AR', 2], ['CO', 2], ['CL', 1], ['PE', 1],
  ['NL', 1], ['SE', 1], ['PL', 1], ['AE', 1], ['SA', 1], ['CN', 1], ['SG', 1], ['NZ', 1],
];

export const CATEGORIES = [
  'news', 'sports', 'music', 'education', 'religion', 'technology', 'entertainment', 'documentary', 'kids', 'talk',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface SeedCreator {
  username: string;
  handle: string;
  displayName: string;
  bio: string;
  country: string;
  /** What this creator mostly makes. */
  focus: readonly Category[];
  types: readonly ContentType[];
}

export const SEED_CREATORS: readonly SeedCreator[] = [
  { username: 'creator', handle: 'kofi-live', displayName: 'Kofi Live', bio: 'Live music, talk and culture from Accra.', country: 'GH', focus: ['music', 'talk', 'entertainment'], types: ['tv', 'radio', 'podcast'] },
  { username: 'creator_newsdesk', handle: 'global-newsdesk', displayName: 'Global Newsdesk', bio: 'Round-the-clock news and analysis.', country: 'GB', focus: ['news', 'documentary'], types: ['tv', 'radio'] },
  { username: 'creator_stadium', handle: 'stadium-sound', displayName: 'Stadium Sound', bio: 'Match commentary and sports talk.', country: 'NG', focus: ['sports', 'talk'], types: ['tv', 'radio'] },
  { username: 'creator_classroom', handle: 'open-classroom', displayName: 'Open Classroom', bio: 'Lessons and lectures for every grade.', country: 'KE', focus: ['education', 'kids', 'technology'], types: ['tv', 'podcast'] },
  { username: 'creator_gospel', handle: 'gospel-hour', displayName: 'Gospel Hour', bio: 'Services, sermons and choir music.', country: 'US', focus: ['religion', 'music'], types: ['radio', 'tv', 'podcast'] },
  { username: 'creator_techtalk', handle: 'techtalk-daily', displayName: 'TechTalk Daily', bio: 'Technology news and interviews.', country: 'IN', focus: ['technology', 'news', 'talk'], types: ['podcast', 'tv'] },
  { username: 'creator_ondas', handle: 'ondas-latinas', displayName: 'Ondas Latinas', bio: 'Música y conversación en vivo.', country: 'MX', focus: ['music', 'entertainment'], types: ['radio', 'podcast'] },
  { username: 'creator_wildlens', handle: 'wild-lens', displayName: 'Wild Lens', bio: 'Nature and science documentaries.', country: 'ZA', focus: ['documentary', 'education'], types: ['tv', 'podcast'] },
];

const SUBJECTS: Record<Category, readonly string[]> = {
  news: ['Morning Briefing', 'World Report', 'Business Hour', 'Election Watch', 'Evening Headlines', 'Weekend Review'],
  sports: ['Match Day Live', 'Premier Talk', 'Athletics Tonight', 'Boxing Corner', 'Derby Preview', 'Fan Phone-In'],
  music: ['Afrobeats Countdown', 'Jazz After Dark', 'Acoustic Sessions', 'Highlife Classics', 'Hip-Hop Cypher', 'Top 40 Mix'],
  education: ['Algebra Made Simple', 'Chemistry Lab', 'World History', 'Coding Basics', 'Reading Circle', 'Exam Prep'],
  religion: ['Sunday Service', 'Morning Devotion', 'Choir Rehearsal', 'Bible Study', 'Faith & Life', 'Evening Prayer'],
  technology: ['Startup Stories', 'AI Explained', 'Gadget Review', 'Cloud Clinic', 'Security Weekly', 'Dev Diaries'],
  entertainment: ['Comedy Night', 'Celebrity Chat', 'Movie Club', 'Talent Search', 'Late Show', 'Drama Rewind'],
  documentary: ['Savannah Life', 'Ocean Deep', 'Cities of Tomorrow', 'Ancient Kingdoms', 'Climate Frontline', 'Hidden Markets'],
  kids: ['Story Time', 'Science for Kids', 'Cartoon Club', 'Little Chefs', 'Maths Adventures', 'Sing Along'],
  talk: ['The Big Debate', 'Open Line', 'Community Voices', 'Late Night Talk', 'Health Matters', 'Money Talk'],
};

export function contentTitle(category: Category, index: number, episode: number): string {
  const subjects = SUBJECTS[category];
  return `${subjects[index % subjects.length]} — Episode ${episode}`;
}

export function contentDescription(category: Category, creator: SeedCreator): string {
  return `${creator.displayName} presents ${category} programming. ${creator.bio}`;
}

/** Typical running time in minutes per content type. */
export const DURATION_MINUTES: Record<ContentType, [number, number]> = {
  tv: [25, 120],
  radio: [45, 180],
  podcast: [15, 75],
  other: [10, 60],
};

/** First names for the demo audience (seeded accounts that cannot sign in). */
export const AUDIENCE_NAMES = [
  'amara', 'tunde', 'zara', 'liam', 'sofia', 'chen', 'aisha', 'mateo', 'yuki', 'kwame', 'nia', 'omar', 'lucas',
  'priya', 'emeka', 'hana', 'diego', 'fatima', 'noah', 'leila', 'jin', 'ama', 'ivan', 'chloe', 'samuel', 'mei',
  'ade', 'elena', 'raj', 'grace',
] as const;
