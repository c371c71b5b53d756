// Skill graphs in the reference library's config form, several in one file.
import { defineSkill, keywordScorer, skillGraph } from 'agentfootprint';

const skills = ['billing', 'orders', 'tracking', 'concierge', 'shipping'].map((id) =>
  defineSkill({ id, description: id, body: `${id} body` }),
);

/** Regexes, keywords, an all-of with `new RegExp`, and a list of never-route rows. */
export const support = skillGraph({
  skills,
  start: {
    rules: [
      { use: 'orders', match: /\border\b/i, examples: ['order status please', 'where is my order'] },
      {
        use: 'tracking',
        match: /where is my (order|package)/i,
        examples: ['where is my order', `where is my package`],
      },
      { use: 'billing', match: { keywords: ['refund', 'charge', 'money back'] }, examples: ['refunds please'] },
      {
        use: 'shipping',
        match: { all: [new RegExp('\\bship', 'i'), { keywords: ['today', 'tomorrow'] }] },
        examples: ['ship it today', 'ship it next week'],
      },
    ],
  },
  neverRoutes: ['what is the weather in Berlin', 'charge my phone'],
  check: 'off',
});

/** A default: `start: 'id'` is one unconditional entry; a never-route row as a single string. */
export const lobby = skillGraph({
  skills,
  start: 'concierge',
  neverRoutes: 'what is the weather',
  check: 'off',
});

/** Intents beside data rules, judged by a classifier. */
export const intents = skillGraph({
  skills,
  start: {
    rules: [
      { use: 'billing', match: { keywords: ['refund'] }, examples: ['refund my order', 'I was charged twice'] },
      { use: 'shipping', match: { intent: 'customer asks where a delivery is', examples: ['track my parcel'] } },
      { use: 'orders', match: /\border\b/i, examples: ['cancel my order'] },
    ],
    classify: keywordScorer(),
  },
  neverRoutes: ['order pizza'],
  check: 'off',
});

/** A `when` rule between data rules: what depends on it cannot be proven statically. */
export const gated = skillGraph({
  skills,
  start: {
    rules: [
      { use: 'billing', match: /refund/i, examples: ['refund please', 'invoice please'] },
      { use: 'concierge', when: (ctx) => ctx.history.length > 0, examples: ['hello again'] },
      { use: 'orders', match: { keywords: ['order'] }, examples: ['order status', 'refund my order'] },
    ],
  },
  neverRoutes: ['refund the weather', 'book a flight'],
  check: 'off',
});

/** A menu ranked by a scorer: order does not decide, only self-match runs. */
export const menu = skillGraph({
  skills,
  start: { entries: ['billing', 'orders'], scoredBy: keywordScorer() },
  neverRoutes: ['what is the weather'],
  check: 'off',
});

/**
 * `use` beside `rules`: the reference's builder tests `'use' in start` first, so the run starts at `use`
 * and the rules (and their classifier) are never read.
 */
export const usefirst = skillGraph({
  skills,
  start: {
    use: 'concierge',
    rules: [{ use: 'billing', match: /refund/i, examples: ['refund please'] }],
    classify: keywordScorer(),
  },
  neverRoutes: ['refund the weather'],
  check: 'off',
});
