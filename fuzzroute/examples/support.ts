// A support desk's start rules, declared with the reference library (agentfootprint) in TypeScript.
// fuzzroute reads this file with a parser and runs only its `when` in a V8 sandbox: `fuzzroute check examples/support.ts:desk`.
import { defineSkill, skillGraph } from 'agentfootprint';

const orders = defineSkill({ id: 'orders', description: 'order status', body: 'Look the order up.' });
const tracking = defineSkill({ id: 'tracking', description: 'parcel tracking', body: 'Ask for the number.' });
const billing = defineSkill({ id: 'billing', description: 'refunds and invoices', body: 'Confirm the charge.' });
const concierge = defineSkill({ id: 'concierge', description: 'everything else', body: 'Ask one question.' });

export const desk = skillGraph({
  skills: [orders, tracking, billing, concierge],
  start: {
    rules: [
      // Orders first: any message that mentions an order.
      {
        use: 'orders',
        match: /\border\b/i, // broad on purpose
        examples: [
          'show me my order', // the common case
        ],
      },
      // Tracking comes after orders, so "where is my order" never reaches it.
      { use: 'tracking', match: /where is my (order|parcel)/i, examples: ['where is my parcel'] },
      // Billing: JavaScript's /i folds É/é, and \s takes the no-break space.
      { use: 'billing', match: /\b(refund|facturé)\s+\d+/i, examples: ['refund 42', 'FACTURÉ\u00a07'] },
      // Follow-ups are only known at run time.
      { use: 'concierge', when: (ctx) => ctx.history.length > 0, examples: ['thanks again'] },
    ],
  },
  neverRoutes: ['what is the weather', 'order a pizza'],
  check: 'off',
});
