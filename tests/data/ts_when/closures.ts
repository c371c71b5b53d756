// What a `when` may read: module-level constants of literal values go into the sandbox with it; anything
// else it closes over leaves its rule not run, with the reason and the line.
import { defineSkill, skillGraph } from 'agentfootprint';
import { normalise } from './text-helpers';

const WORDS = ['refund', 'money back'] as const, LIMIT: number = -3, FLAGS = { loud: true, at: [1, 'x'] };
let calls = 0;
const PATTERN = new RegExp('refund', 'i');
function isFollowUp(ctx: { history: unknown[] }): boolean { return ctx.history.length > 0; }
function asks(ctx: { userMessage: string }): boolean { return /\bplease\b/i.test(ctx.userMessage); }
const askArrow = (ctx: { userMessage: string }) => ctx.userMessage.endsWith('?');
enum Mood { Calm, Angry }

const sk = (id: string) => defineSkill({ id, description: id, body: id });

export const closures = skillGraph({
  skills: [],
  start: {
    rules: [
      {
        use: 'literal-constants',
        when: (ctx) => WORDS.some((w) => ctx.userMessage.includes(w)) && LIMIT < 0 && FLAGS.at[1] === 'x',
        examples: ['please refund'],
      },
      { use: 'named-function', when: asks },
      { use: 'named-arrow', when: askArrow },
      { use: 'shorthand-method', when(ctx) { return ctx.iteration > 1; } },
      { use: 'shadowing', when: (ctx) => { const calls = ctx.history.length; return calls > 2; } },
      { use: 'imported', when: (ctx) => normalise(ctx.userMessage) === 'help' },
      { use: 'helper', when: (ctx) => isFollowUp(ctx) },
      { use: 'mutable', when: () => ++calls > 3 },
      { use: 'computed', when: (ctx) => PATTERN.test(ctx.userMessage) },
      { use: 'enum', when: (ctx) => { enum Local { A } return ctx.iteration === Local.A; } },
      { use: 'built', when: makePredicate('x') },
      { use: 'promised', when: async (ctx) => ctx.iteration > 5 },
    ],
  },
  check: 'off',
});
