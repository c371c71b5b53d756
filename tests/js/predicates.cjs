// Runs `when` predicates in Node.js, as the reference library runs them, for fuzzroute's differential tests.
// Reads JSON from stdin: {"cases": [{"id", "factory", "typescript", "contexts": [JSON text, ...]}]}, where
// `factory` is a function expression returning the predicate, as written in the graph file (TypeScript when
// `typescript` is true: then TypeScript's own transpileModule strips its types first, from ./node_modules).
// Writes {"id": {"answers": ["true" | "false" | "threw", ...], "javascript": text, "tokens": [...]}}.
'use strict';
const fs = require('fs');
const path = require('path');

let ts = null;
try {
  ts = require(path.join(__dirname, 'node_modules', 'typescript'));
} catch (error) {
  ts = null;
}

function tokens(text) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const out = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      const again = scanner.reScanSlashToken();
      if (again === ts.SyntaxKind.RegularExpressionLiteral) kind = again;
    }
    out.push(scanner.getTokenText());
  }
  return out;
}

const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const output = {};
for (const item of input.cases) {
  let javascript = item.factory;
  if (item.typescript) {
    if (ts === null) throw new Error('the typescript package is not installed in ' + __dirname);
    const module = 'const __factory = ' + item.factory + ';\n';
    javascript = ts.transpileModule(module, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true },
    }).outputText.trim().replace(/^const __factory = /, '').replace(/;$/, '');
  }
  const factory = new Function('return (' + javascript + ');')();
  const answers = item.contexts.map((context) => {
    try {
      return factory()(JSON.parse(context)) ? 'true' : 'false';
    } catch (error) {
      return 'threw';
    }
  });
  output[item.id] = { answers, javascript, tokens: ts === null ? null : tokens(javascript) };
}
process.stdout.write(JSON.stringify(output));
