#!/usr/bin/env node
// `./build.sh new-lesson ID`: a new lesson folder, src/lessons/ID/, copied from
// tools/lesson-template/ (one parameter, one table, one chart, texts in both languages), its
// line in the registry (src/lessons/mod.rs), the package of its page module (pages/ID/, from
// tools/page-package.toml, and its entry in Cargo.lock); then it builds the CLI and writes the
// lesson's goldens from its output (not with --scaffold-only, tests/node/scaffold.test.mjs). The
// next steps are in docs/adding-a-lesson.md.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const TEMPLATE = join(ROOT, "tools", "lesson-template");
const REGISTRY = join(ROOT, "src", "lessons", "mod.rs");
const RUST_WORDS = new Set("as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self static struct super trait true type unsafe use where while abstract become box do final macro override priv typeof unsized virtual yield try gen".split(" "));

function fail(message) {
  console.error(`new-lesson: ${message}`);
  process.exit(2);
}

const scaffoldOnly = process.argv[2] === "--scaffold-only";
const [id, ...rest] = process.argv.slice(scaffoldOnly ? 3 : 2);
if (!id || rest.length) fail("give the lesson's id: ./build.sh new-lesson ID (lowercase letters, digits and _, such as claim_check)");
if (!/^[a-z][a-z0-9_]{0,39}$/.test(id) || id.endsWith("_") || id.includes("__"))
  fail(`"${id}" is not a lesson id: lowercase ASCII letters, digits and single underscores, starting with a letter (such as claim_check)`);
if (RUST_WORDS.has(id)) fail(`"${id}" is a Rust keyword; choose another id`);
const folder = join(ROOT, "src", "lessons", id);
if (existsSync(folder)) fail(`src/lessons/${id} exists already`);

const registry = readFileSync(REGISTRY, "utf8");
// One lesson per line; comment lines between them are kept.
const block = /crate::registry! \{\n((?: {4}(?:\w+,|\/\/.*)\n)*)\}/.exec(registry);
if (!block) fail("src/lessons/mod.rs has no registry! { ... } block with one lesson per line");
if (block[1].split("\n").some((l) => l.trim() === `${id},`)) fail(`${id} is in the registry already`);

// template_lesson → id, TemplateLesson → the type's name, "Template lesson" → the title.
const type = id.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
const title = id.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
const rename = (text) => text.replaceAll("template_lesson", id).replaceAll("TemplateLesson", type).replaceAll("Template lesson", title);

cpSync(TEMPLATE, folder, { recursive: true });
const files = [];
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else files.push(p);
  }
};
walk(folder);
for (const f of files) writeFileSync(f, rename(readFileSync(f, "utf8")));

// One line in the registry, after the last lesson.
const at = block.index + block[0].length - 1;
writeFileSync(REGISTRY, `${registry.slice(0, at)}    ${id},\n${registry.slice(at)}`);

// The package of the lesson's page module (Cargo.toml's [workspace]).
mkdirSync(join(ROOT, "pages", id), { recursive: true });
writeFileSync(join(ROOT, "pages", id, "Cargo.toml"), readFileSync(join(ROOT, "tools", "page-package.toml"), "utf8").replaceAll("{id}", id));
const made = `src/lessons/${id}/ (${files.map((f) => relative(folder, f)).join(", ")}), its line in src/lessons/mod.rs, pages/${id}/`;
if (scaffoldOnly) {
  console.log(`new-lesson: ${made}`);
  process.exit(0);
}

// The renamed template as rustfmt writes it (names of another length wrap otherwise).
const sh = (cmd, ...args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
sh("rustfmt", "--edition", "2024", join(folder, "mod.rs"));
// The page module's package in Cargo.lock (nothing else there changes).
try {
  sh("cargo", "update", "--workspace", "--offline", "--quiet");
} catch {
  sh("cargo", "update", "--workspace", "--quiet");
}

// Goldens from the new lesson's own output; replace them with what the lesson's script prints.
sh("cargo", "build", "--release", "--locked", "--quiet", "--bin", "tatbikat");
const cli = join(ROOT, "target", "release", "tatbikat");
const sections = sh(cli, "--lessons").split("\n").map((l) => l.split(" ")).find(([first]) => first === id).slice(1).filter(Boolean);
writeFileSync(join(ROOT, "tests", "golden", `${id}.txt`), sh(cli, id));
for (const section of sections) writeFileSync(join(ROOT, "tests", "golden", `${id}-${section}.txt`), sh(cli, id, "--section", section));

console.log(`new-lesson: ${made} and tests/golden/${id}*.txt; next: docs/adding-a-lesson.md`);
