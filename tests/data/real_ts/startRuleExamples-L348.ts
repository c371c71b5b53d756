// tests/data/real/startRuleExamples-L348.json, written by hand in the reference library's builder form.
import { defineSkill, skillGraph } from 'agentfootprint';

const concierge = defineSkill({ id: 'concierge', description: 'anything', body: 'ask' });
const triage = defineSkill({ id: 'triage', description: 'sort it', body: 'sort' });
const billing = defineSkill({ id: 'billing', description: 'refunds', body: 'refund' });

export const graph = skillGraph()
  .entry(concierge) // a default first: it claims everything on the cold walk
  .entry(triage, { match: /\brefund\b/i })
  .entry(billing, { match: /\brefund\b/i, examples: ['refund my order'] })
  .build({ check: 'off' });
