import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web types no server answer by hand (issue 20): the type given to the api client (`api.get<T>`, `api.post<T>`,
 * ..., `apiRequest<T>`) must come from the shared answer schemas (packages/shared, `z.infer` of a declared schema),
 * directly or through aliases, indexed access (`X['data']`, `X[number]`), arrays, unions with null and Pick/Omit.
 * An interface, an object literal type, `unknown` or a bare `string`/`number` is a hand-written answer: it fails here
 * with its file and line. `null` alone is allowed: the caller reads only the envelope's `message`.
 *
 * Read from the sources with TypeScript's parser (no type check: fast), following imports between web files.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = '@presente/shared';
const CLIENT_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** Type operators that keep the origin of their first argument. */
const WRAPPERS = new Set(['Array', 'ReadonlyArray', 'NonNullable', 'Awaited', 'Pick', 'Omit', 'Partial', 'Required', 'Readonly']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();
function parse(path: string): ts.SourceFile {
  let file = parsed.get(path);
  if (!file) {
    file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(path, file);
  }
  return file;
}

function resolveModule(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

type Origin = { kind: 'shared' } | { kind: 'web'; file: string; name: string } | { kind: 'other'; module: string } | { kind: 'local'; node: ts.Node };

/** Where a name used in `file` comes from: an import (shared, another web file, a package) or a declaration in the file. */
function originOf(file: ts.SourceFile, name: string): Origin | null {
  for (const st of file.statements) {
    if (ts.isImportDeclaration(st) && st.importClause && ts.isStringLiteral(st.moduleSpecifier)) {
      const spec = st.moduleSpecifier.text;
      const clause = st.importClause;
      const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      const hit = named.find((el) => el.name.text === name);
      const ns = clause.namedBindings && ts.isNamespaceImport(clause.namedBindings) && clause.namedBindings.name.text === name;
      if (hit || ns || clause.name?.text === name) {
        if (spec === SHARED) return { kind: 'shared' };
        const target = resolveModule(file.fileName, spec);
        return target ? { kind: 'web', file: target, name: hit ? (hit.propertyName ?? hit.name).text : name } : { kind: 'other', module: spec };
      }
    }
    if ((ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) && st.name.text === name) return { kind: 'local', node: st };
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) return { kind: 'local', node: d };
    }
    // export { X } from './y' / export type { X } from './y'
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const el = st.exportClause.elements.find((e) => e.name.text === name);
      if (el) {
        const spec = st.moduleSpecifier.text;
        if (spec === SHARED) return { kind: 'shared' };
        const target = resolveModule(file.fileName, spec);
        return target ? { kind: 'web', file: target, name: (el.propertyName ?? el.name).text } : { kind: 'other', module: spec };
      }
    }
  }
  return null;
}

/** Why a type given to the api client is hand-written, or null when it derives from the shared schemas. */
function handWritten(node: ts.TypeNode, file: ts.SourceFile, seen = new Set<string>()): string | null {
  if (ts.isParenthesizedTypeNode(node)) return handWritten(node.type, file, seen);
  if (ts.isArrayTypeNode(node)) return handWritten(node.elementType, file, seen);
  if (ts.isIndexedAccessTypeNode(node)) return handWritten(node.objectType, file, seen);
  if (ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) {
    const parts = node.types.filter(
      (p) => !(ts.isLiteralTypeNode(p) && p.literal.kind === ts.SyntaxKind.NullKeyword) && p.kind !== ts.SyntaxKind.UndefinedKeyword,
    );
    for (const p of parts) {
      const why = handWritten(p, file, seen);
      if (why) return why;
    }
    return null;
  }
  if (ts.isTypeQueryNode(node)) return nameOrigin(node.exprName, file, seen, 'value');
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName;
    // z.infer<typeof schema>: the schema must be a shared one.
    if (ts.isQualifiedName(name) && ['infer', 'output', 'input'].includes(name.right.text)) {
      const arg = node.typeArguments?.[0];
      return arg ? handWritten(arg, file, seen) : 'z.infer without a schema';
    }
    if (ts.isIdentifier(name) && WRAPPERS.has(name.text)) {
      const arg = node.typeArguments?.[0];
      return arg ? handWritten(arg, file, seen) : `${name.text} without an argument`;
    }
    return nameOrigin(name, file, seen, 'type');
  }
  return `${node.getText(file)} is written by hand`;
}

function nameOrigin(name: ts.EntityName, file: ts.SourceFile, seen: Set<string>, space: 'type' | 'value'): string | null {
  const head = ts.isIdentifier(name) ? name.text : leftmost(name);
  const key = `${file.fileName}#${head}`;
  if (seen.has(key)) return null;
  seen.add(key);
  const origin = originOf(file, head);
  if (!origin) return `${head} is not declared nor imported`;
  if (origin.kind === 'shared') return null;
  if (origin.kind === 'other') return `${head} comes from ${origin.module}, not from the shared schemas`;
  if (origin.kind === 'web') return nameOrigin(ts.factory.createIdentifier(origin.name), parse(origin.file), seen, space);
  const decl = origin.node;
  const where = `${relative(SRC, file.fileName)}:${file.getLineAndCharacterOfPosition(decl.getStart(file)).line + 1}`;
  if (ts.isInterfaceDeclaration(decl)) return `interface ${head} (${where}) is written by hand`;
  if (ts.isTypeAliasDeclaration(decl)) return handWritten(decl.type, file, seen);
  if (ts.isVariableDeclaration(decl) && space === 'value') return `schema ${head} (${where}) is declared in the web, not in packages/shared`;
  return `${head} (${where}) is not a shared answer type`;
}

function leftmost(name: ts.EntityName): string {
  return ts.isIdentifier(name) ? name.text : leftmost(name.left);
}

/** Every api client call with its type argument (or none), in the web's sources. */
function clientCalls() {
  const calls: { at: string; type: ts.TypeNode | undefined; file: ts.SourceFile }[] = [];
  // lib/api.ts defines the client: its own calls pass their type parameter on.
  for (const path of sourceFiles(SRC).filter((p) => p !== join(SRC, 'lib', 'api.ts'))) {
    const file = parse(path);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const isClient =
          (ts.isPropertyAccessExpression(callee) &&
            ts.isIdentifier(callee.expression) &&
            callee.expression.text === 'api' &&
            CLIENT_METHODS.has(callee.name.text)) ||
          (ts.isIdentifier(callee) && callee.text === 'apiRequest');
        if (isClient) {
          const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
          calls.push({ at: `${relative(SRC, path)}:${line}`, type: node.typeArguments?.[0], file });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return calls;
}

/** Judges a type written in a snippet, as if it were a web file's (for the guard's own tests). */
function judge(snippet: string): string | null {
  const file = ts.createSourceFile(join(SRC, 'lib', '__snippet__.ts'), snippet, ts.ScriptTarget.Latest, true);
  const alias = file.statements.find(ts.isTypeAliasDeclaration);
  if (!alias) throw new Error('the snippet declares no `type T = ...`');
  return handWritten(alias.type, file);
}

describe('the web types no server answer by hand (issue 20)', { timeout: 60_000 }, () => {
  it('every api client call is typed by a shared answer schema', () => {
    const calls = clientCalls();
    expect(calls.length).toBeGreaterThan(80);
    const offenders = calls
      .filter((c) => !(c.type && c.type.kind === ts.SyntaxKind.LiteralType && c.type.getText(c.file) === 'null'))
      .map((c) => ({ at: c.at, why: c.type ? handWritten(c.type, c.file) : 'the call names no answer type' }))
      .filter((c) => c.why)
      .map((c) => `${c.at}: ${c.why}`);
    expect(offenders).toEqual([]);
  });

  it('tells a shared answer from a hand-written one', () => {
    const shared = "import { type EmployeeAnswer, employeeAnswer } from '@presente/shared';\nimport type { z } from 'zod';\n";
    expect(judge(`${shared}type T = EmployeeAnswer;`)).toBeNull();
    expect(judge(`${shared}type T = z.infer<typeof employeeAnswer>['data'][number] | null;`)).toBeNull();
    expect(judge(`${shared}type T = Pick<EmployeeAnswer, 'id'>[];`)).toBeNull();
    expect(judge(`${shared}interface Mine { id: string }\ntype T = Mine;`)).toMatch(/interface Mine .* by hand/);
    expect(judge(`${shared}type T = { email: string };`)).toMatch(/by hand/);
    expect(judge(`${shared}type T = EmployeeAnswer & { key: string };`)).toMatch(/by hand/);
    expect(judge(`${shared}type T = number[];`)).toMatch(/by hand/);
    expect(judge(`${shared}type T = unknown;`)).toMatch(/by hand/);
    expect(judge(`import { z } from 'zod';\nconst local = z.object({ a: z.string() });\ntype T = z.infer<typeof local>;`)).toMatch(/declared in the web/);
  });
});
