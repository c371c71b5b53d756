// A gym's front-desk assistant in the reference library's builder form, read statically.
// Seven near misses are left in, one of each kind people type: `opening-times` has no i flag
// ("Opening times for the weekend"), `join` spells "i'd" straight (phones type "i’d"),
// `entry-card` says "won't" ("will not scan"), `class-cancelled` is British ("canceled"),
// `wifi` is closed ("wi-fi password"), `sauna` wants "the" ("book sauna for 6pm") and
// `swimming-lessons` is singular ("when are the next swimming lessons").
import { defineSkill, skillGraph } from 'agentfootprint';

const skill = (id: string) => defineSkill({ id, description: id, body: 'Handle it.' });

const greeting = skill('greeting');
const openingTimes = skill('opening-times');
const join = skill('join');
const classes = skill('classes');
const classCancelled = skill('class-cancelled');
const freeze = skill('freeze');
const cancelMembership = skill('cancel-membership');
const personalTraining = skill('personal-training');
const entryCard = skill('entry-card');
const lockers = skill('lockers');
const wifi = skill('wifi');
const sauna = skill('sauna');
const swimmingLessons = skill('swimming-lessons');
const guestPass = skill('guest-pass');
const reception = skill('reception');

export const gym = skillGraph()
  .entry(greeting, { match: /^(hi|hello|hey)\b/i, examples: ['hello', 'hey there'] })
  .entry(openingTimes, { match: /\bopening times\b/, examples: ['opening times for the weekend'] })
  .entry(join, {
    match: { keywords: ["i'd like to join", 'become a member', 'membership prices'] },
    examples: ["i'd like to join the gym", 'how do I become a member'],
  })
  .entry(classes, {
    match: { keywords: ['class timetable', 'book a class', 'spin class', 'spin classes'] },
    examples: ['show me the class timetable', 'book a class for tomorrow morning'],
  })
  .entry(classCancelled, {
    match: { keywords: ['class cancelled', 'class was cancelled'] },
    examples: ['why was my class cancelled'],
  })
  .entry(freeze, {
    match: { keywords: ['freeze my membership', 'pause my membership'] },
    examples: ['I want to freeze my membership', 'can I pause my membership for a month'],
  })
  .entry(cancelMembership, {
    match: /\bcancel (my )?membership\b/i,
    examples: ['please cancel my membership', 'how do I cancel membership'],
  })
  .entry(personalTraining, {
    match: { keywords: ['personal trainer', 'personal trainers', 'personal training'] },
    examples: ['I want a personal trainer', 'how much is personal training'],
  })
  .entry(entryCard, {
    match: { keywords: ["won't scan", 'entry card', 'lost my card'] },
    examples: ["my card won't scan at the entrance", 'I lost my card'],
  })
  .entry(lockers, {
    match: { keywords: ['locker', 'lockers'] },
    examples: ['I left my bag in a locker', 'are there lockers in the changing room'],
  })
  .entry(wifi, { match: { keywords: ['wifi password', 'wifi'] }, examples: ['what is the wifi password'] })
  .entry(sauna, { match: /\bbook the sauna\b/i, examples: ['book the sauna for 6pm'] })
  .entry(swimmingLessons, {
    match: { keywords: ['swimming lesson', 'swim lesson'] },
    examples: ['when is the next swimming lesson'],
  })
  .entry(guestPass, {
    match: { keywords: ['guest pass', 'bring a friend'] },
    examples: ['can I bring a friend on a guest pass'],
  })
  .entry(reception)
  .neverRoutes(['what is the weather like', 'tell me a joke', 'order a pizza'])
  .build();
