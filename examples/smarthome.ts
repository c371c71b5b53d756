// A smart-home assistant's start rules, declared with the reference library's builder in TypeScript.
// fuzzroute reads this file statically: `fuzzroute report examples/smarthome.ts:home`.
// Three defects sit in it as they do in real graphs: `night-light` can never start a turn
// (`lights` takes "light"), `wake-up` says "alarm clock" but `security` takes "alarm",
// and `plants` says "water the plant" while people ask to "water the plants".
import { defineSkill, skillGraph } from 'agentfootprint';

const skill = (id: string) => defineSkill({ id, description: id, body: 'Handle it.' });

const greeting = skill('greeting');
const lights = skill('lights');
const thermostat = skill('thermostat');
const security = skill('security');
const music = skill('music');
const blinds = skill('blinds');
const vacuum = skill('vacuum');
const timer = skill('timer');
const plants = skill('plants');
const nightLight = skill('night-light');
const wakeUp = skill('wake-up');
const garage = skill('garage');
const energy = skill('energy');
const doorbell = skill('doorbell');
const assistant = skill('assistant');

export const home = skillGraph()
  .entry(greeting, { match: /\b(hello|good morning)\b/i, examples: ['hello', 'good morning house'] })
  // Anything about a light or a lamp.
  .entry(lights, {
    match: { keywords: ['light', 'lights', 'lamp', 'lamps'] },
    examples: ['turn on the kitchen lights', 'switch off the bedroom lamp'],
  })
  .entry(thermostat, {
    match: { keywords: ['thermostat', 'temperature', 'heating'] },
    examples: ['set the temperature to 21 degrees', 'turn the heating down'],
  })
  .entry(security, {
    match: { keywords: ['alarm', 'lock the door', 'camera'] },
    examples: ['arm the alarm', 'lock the door please', 'show me the front camera'],
  })
  .entry(music, {
    match: { keywords: ['play music', 'playlist', 'volume'] },
    examples: ['play music in the living room', 'turn the volume up'],
  })
  .entry(blinds, { match: { keywords: ['blinds', 'curtains'] }, examples: ['close the blinds', 'open the curtains'] })
  .entry(vacuum, {
    match: { keywords: ['vacuum', 'clean the floor'] },
    examples: ['start the vacuum', 'clean the floor in the hallway'],
  })
  .entry(timer, {
    match: { keywords: ['timer', 'remind me'] },
    examples: ['set a timer for 12 minutes', 'remind me to take the bins out'],
  })
  .entry(plants, {
    match: { keywords: ['water the plant', 'sprinkler'] },
    examples: ['water the plant on the balcony', 'turn on the sprinkler'],
  })
  // Added later: "light" is already taken by `lights`.
  .entry(nightLight, { match: { keywords: ['night light', 'reading light'] } })
  .entry(wakeUp, {
    match: { keywords: ['wake me up', 'alarm clock'] },
    examples: ['wake me up at 7', 'wake me up earlier tomorrow'],
  })
  .entry(garage, {
    match: { keywords: ['garage door', 'open the garage'] },
    examples: ['is the garage door closed', 'open the garage'],
  })
  .entry(energy, {
    match: { keywords: ['energy usage', 'electricity bill'] },
    examples: ['show my energy usage this week', 'why is the electricity bill so high'],
  })
  .entry(doorbell, {
    match: { keywords: ['doorbell', 'who is at the door'] },
    examples: ['who is at the door', 'the doorbell is not ringing'],
  })
  .entry(assistant)
  .neverRoutes(['what is the weather like', 'tell me a joke', 'order a pizza'])
  .build();
