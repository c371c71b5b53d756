// tests/data/real/18-start-rule-examples-L61.json, written by hand in the reference library's config form.
import { defineSkill, skillGraph } from 'agentfootprint';

const powerstoreHealth = defineSkill({ id: 'powerstore-health', description: 'box health', body: 'check it' });
const arrayInventory = defineSkill({ id: 'array-inventory', description: 'what runs where', body: 'list it' });
const capacityReport = defineSkill({ id: 'capacity-report', description: 'capacity', body: 'project it' });

export const graph = skillGraph({
  skills: [powerstoreHealth, arrayInventory, capacityReport],
  start: {
    rules: [
      { use: 'powerstore-health', match: /\bpowerstore\b|\bshpstr[a-z]*\d+\b/i, examples: ['is powerstore healthy'] },
      {
        use: 'array-inventory',
        match: /\b(array|volume|pool|shpstrprncl\d+)\b/i,
        examples: ["what's running on shpstrprncl101"],
      },
      { use: 'capacity-report', match: /\bcapcity\b/i, examples: ['how full is the estate'] },
    ],
  },
  check: 'off',
});
