// Skill graphs in the reference library's builder form, several in one file.
import { defineSkill, keywordScorer, skillGraph } from 'agentfootprint';

const billing = defineSkill({ id: 'billing', description: 'refunds and charges', body: 'b' });
const orders = defineSkill({ id: 'orders', description: 'order status', body: 'o' });
const tracking = defineSkill({ id: 'tracking', description: 'parcels', body: 't' });
const concierge = defineSkill({ id: 'concierge', description: 'everything else', body: 'c' });
const sk = (id: string) => defineSkill({ id, description: `use ${id}`, body: `${id} body` });

/** Regexes, keywords, all-of, a default in the middle, never-route rows as a string and as a list. */
export const support = skillGraph()
  .entry(orders, { match: /\border\b/i, examples: ['order status please'] })
  .entry(concierge)
  .entry(tracking, { match: new RegExp('where is my (order|package)', 'i'), examples: ['where is my order'] })
  .entry(billing, {
    match: { all: [{ keywords: ['refund'] }, /\b(card|order)\b/i] },
    examples: ['refund my card', 'refund please'],
  })
  .route(billing, orders)
  .neverRoutes('what is the weather')
  .neverRoutes(['refund my order', 'book a flight'])
  .build({ check: 'off' });

/** Intents with a classifier. */
export const intents = skillGraph()
  .entry(billing, { match: { keywords: ['refund', 'charge'] }, examples: ['refund me', 'track my parcel'] })
  .entry(sk('shipping'), { match: { intent: 'customer asks where a delivery is', examples: ['track my parcel'] } })
  .classify(keywordScorer())
  .neverRoutes(['charge it to the room'])
  .build({ check: 'off' });

/** A `when` rule first: everything after it depends on it. */
export const gated = skillGraph()
  .entry(billing, { match: { keywords: ['refund'] }, examples: ['refund it'] })
  .entry(concierge, { when: (ctx) => ctx.iteration > 1 })
  .entry(orders, { match: /order/i, examples: ['order status'] })
  .neverRoutes(['refund the rain', 'hello'])
  .build({ check: 'off' });

/** The model reads a menu. */
export default skillGraph()
  .entry(billing, { match: /refund/i, examples: ['refund', 'charge'] })
  .entry(orders)
  .entryByRead()
  .build();
