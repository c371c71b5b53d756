// Predicates that try to hang, exhaust memory, tamper with the sandbox or reach out of it, one graph each.
// Each must end in its own rule's verdict within the condition time limit; the rule after it (`victim`),
// whose predicate needs intact built-ins, must then claim its own example as if nothing had happened.
import { defineSkill, skillGraph } from 'agentfootprint';

const sk = (id: string) => defineSkill({ id, description: id, body: id });

export const spin = skillGraph()
  .entry(sk('spin'), { when: () => { for (;;) {} }, examples: ['spin'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const grow = skillGraph()
  .entry(sk('grow'), { when: () => { const all: number[][] = []; for (;;) all.push(new Array(2e7).fill(7)); }, examples: ['grow'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const fill = skillGraph()
  .entry(sk('fill'), { when: () => new Array(5e7).fill(0.5).length > 0, examples: ['fill'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const buffer = skillGraph()
  .entry(sk('buffer'), { when: () => new Uint8Array(4e9).fill(1).length > 0, examples: ['buffer'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const throws = skillGraph()
  .entry(sk('throws'), { when: () => { throw new TypeError('no'); }, examples: ['throws'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const tamper = skillGraph()
  .entry(sk('tamper'), { when: () => {
    (globalThis as any).JSON = null;
    Array.prototype.includes = () => true;
    return true;
  }, examples: ['tamper'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const escape = skillGraph()
  .entry(sk('escape'), { when: () => (() => 0).constructor('return typeof process')() !== 'undefined', examples: ['escape'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const later = skillGraph()
  .entry(sk('later'), { when: async () => { await null; for (;;) {} }, examples: ['later'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const evaluate = skillGraph()
  .entry(sk('evaluate'), { when: (ctx) => eval('ctx.iteration === 1'), examples: ['evaluate'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const construct = skillGraph()
  .entry(sk('construct'), { when: () => new Function('return true')(), examples: ['construct'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const load = skillGraph()
  .entry(sk('load'), { when: async () => (await import('node:fs')) !== null, examples: ['load'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const exit = skillGraph()
  .entry(sk('exit'), { when: () => process.exit(3), examples: ['exit'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const spawn = skillGraph()
  .entry(sk('spawn'), { when: () => require('node:child_process').execSync('touch fuzzroute-escaped') !== null, examples: ['spawn'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });

export const timer = skillGraph()
  .entry(sk('timer'), { when: () => { setTimeout(() => { for (;;) {} }, 0); return true; }, examples: ['timer'] })
  .entry(sk('victim'), { when: (ctx) => ['victim'].includes(ctx.userMessage) && JSON.stringify([1]) === '[1]', examples: ['victim'] })
  .build({ check: 'off' });
