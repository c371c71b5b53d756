// tests/data/real/skillGraphFrontDoor-L475.json, written by hand in the reference library's config form.
import { defineSkill, skillGraph } from 'agentfootprint';

const sk = (id: string) => defineSkill({ id, description: `use ${id}`, body: `${id} body` });

export const graph = skillGraph({
  skills: [sk('broad'), sk('narrow')],
  start: {
    rules: [
      { use: 'broad', match: { keywords: ['zone'] } },
      { use: 'narrow', match: { all: [{ keywords: ['zone'] }, { keywords: ['audit'] }] } },
    ],
  },
  check: 'off',
});
