// Start-rule cases with `when` predicates from the reference library's skillGraph tests, as graphs;
// reference_verdicts.json holds the routing the reference gives each one.
import { defineSkill, skillGraph } from 'agentfootprint';

const skill = (id: string) => defineSkill({ id, description: `use ${id}`, body: `${id}: do the work` });

/** An unconditional entry before a `when` entry: the cold walk stops at the first. */
export const firstAlways = skillGraph()
  .entry(skill('a'))
  .entry(skill('b'), { when: (c) => c.iteration === 1 })
  .build();

/** Two `when` entries and a default declared last: the first passing predicate wins, else the default. */
export const coldStart = skillGraph()
  .entry(skill('b'), { when: (x) => x.userMessage.includes('beta') })
  .entry(skill('c'), { when: (x) => x.userMessage.includes('gamma') })
  .entry(skill('a'))
  .route(skill('a'), skill('b'), { onToolReturn: 'x' })
  .build();

/** The config form: a regex test inside a predicate, then a catch-all written as `when: () => true`. */
export const ruled = skillGraph({
  skills: [skill('a'), skill('b')],
  start: {
    rules: [
      { when: (c) => /b/.test(c.userMessage), use: 'b' },
      { when: () => true, use: 'a' },
    ],
  },
  check: 'off',
});
