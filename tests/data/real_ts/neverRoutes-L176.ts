// tests/data/real/neverRoutes-L176.json, written by hand in the reference library's builder form.
import { defineSkill, skillGraph } from 'agentfootprint';

const billing = defineSkill({ id: 'billing', description: 'billing', body: 'b' });
const weather = defineSkill({ id: 'weather', description: 'weather', body: 'w' });

export const graph = skillGraph()
  .entry(billing, { match: { keywords: ['refund', 'charge', 'card'] } })
  .entry(weather, { match: /forecast/i })
  .neverRoutes(["what's my card balance"])
  .build({ check: 'off' });
